import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpointTable } from '../endpoints/table.ts';
import { AdminCustomerUpdateRequest } from './admin-customer-update.ts';

describe('admin customer edit contract', () => {
  it('keeps the edit in the endpoint table, with its request schema', () => {
    const update = endpointTable.find((e) => e.id === 'admin.updateCustomer');
    expect(update?.method).toBe('PUT');
    expect(update?.path).toBe('/admin_backoffice/api/v1/customers/:id');
    expect(update?.body).toBe(AdminCustomerUpdateRequest);
  });

  it('checks the phone with its pt-BR message and sends it as E.164', () => {
    const body = { name: 'Maria', email: 'maria@example.com', cpf: '529.982.247-25' };
    const bad = v.safeParse(AdminCustomerUpdateRequest, { ...body, phone: '11 1234' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.map((i) => [i.path?.[0]?.key, i.message])).toEqual([['phone', 'Telefone inválido']]);
    const good = v.parse(AdminCustomerUpdateRequest, { ...body, phone: '(11) 91234-5678' });
    expect(good).toMatchObject({ cpf: '52998224725', phone: '+5511912345678' });
  });
});
