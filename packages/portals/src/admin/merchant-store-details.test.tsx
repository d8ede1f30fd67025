import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, server } from '../merchant/sales-fake-api.ts';
import { signInAdminBeforeEach } from '../test/admin-lists.ts';
import { renderApp } from '../test/harness.tsx';
import { ADMIN_API, LOGO_URL, MERCHANT_ID, merchantDetails } from './merchants/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

signInAdminBeforeEach();

describe('merchant details: the store', () => {
  it('shows the categories with their subcategories, the tags and the logos as links (N/A without one)', async () => {
    const fake = server({
      [`GET ${ADMIN_API}/merchants/${MERCHANT_ID}`]: () => ok(merchantDetails()),
    });
    renderApp(`/admin/merchants/${MERCHANT_ID}`, fake.fetch);
    const store = within(await screen.findByRole('region', { name: 'Loja no app' }));
    expect(store.getByText('Moda (Feminino)')).toBeTruthy();
    expect(store.getByText('Estilo casual')).toBeTruthy();
    expect(store.getByRole('link', { name: 'Abrir imagem' }).getAttribute('href')).toBe(LOGO_URL);
    expect(store.getAllByText('N/A')).toHaveLength(2);
  });
});
