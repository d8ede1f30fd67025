import { configure, fireEvent, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, catalogueOptions } from './merchants/fixtures.ts';

// Counts the renders of the logo uploads, which sit in another section than the fields typed into.
const logoRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('../shared/kit/ImageUpload.tsx', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../shared/kit/ImageUpload.tsx')>();
  return {
    ...actual,
    ImageUpload: (props: Parameters<typeof actual.ImageUpload>[0]) => {
      logoRenders.count += 1;
      return createElement(actual.ImageUpload, props);
    },
  };
});

configure({ asyncUtilTimeout: 5000 });
Element.prototype.scrollIntoView ??= () => {};

signInAdminBeforeEach();

describe('merchant form typing', () => {
  it('re-renders the field typed into, not the other sections', async () => {
    const fake = server({ [`GET ${ADMIN_API}/merchant-catalogue-options`]: () => ok(catalogueOptions()) });
    renderApp('/admin/merchants/create', fake.fetch);
    const main = await screen.findByRole('region', { name: 'Dados do comerciante' });
    const name = within(main).getByLabelText(/^Nome/) as HTMLInputElement;
    const street = within(screen.getByRole('region', { name: 'Endereço' })).getByLabelText('Rua');
    const before = logoRenders.count;
    expect(before).toBeGreaterThan(0);
    for (const typed of ['L', 'Lo', 'Loj', 'Loja']) fireEvent.change(name, { target: { value: typed } });
    fireEvent.change(street, { target: { value: 'Rua A' } });
    expect(name.value).toBe('Loja');
    expect((street as HTMLInputElement).value).toBe('Rua A');
    expect(logoRenders.count).toBe(before);
  });
});
