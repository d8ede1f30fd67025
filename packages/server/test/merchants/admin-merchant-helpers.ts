/** Shared steps of the back office's merchant tests: the file's app and admin, a merchant form, the admin's calls. */
import { randomUUID } from 'node:crypto';
import {
  type AnyEndpoint,
  adminCatalogueOptions,
  adminCreateMerchant,
  adminCreateMerchantUser,
  type Category,
  fillPath,
} from '@drip/core';
import { afterAll, beforeAll } from 'vitest';
import { bearer, loginAdmin, seededApp, type TestApp, type TestResponse } from '../helpers.ts';

export interface AdminApp {
  t: Awaited<ReturnType<typeof seededApp>>;
  admin: Record<string, string>;
  /** The admin sends `endpoint` (with its own method), its path's `params` filled in. */
  call(endpoint: AnyEndpoint, params: Record<string, string>, body?: unknown): Promise<TestResponse>;
}

/**
 * A test file's setup: one seeded app and the admin signed in on it before the file's tests, disposed after them.
 * `use` receives them once they exist, so that the tests read them as plain variables.
 */
export function withAdminApp(use: (app: AdminApp) => void) {
  let t: AdminApp['t'] | undefined;
  beforeAll(async () => {
    const app = await seededApp();
    t = app;
    const admin = await adminHeaders(app);
    use({
      t: app,
      admin,
      call: (endpoint, params, body) =>
        app.request(endpoint.method, fillPath(endpoint.path, params), body, admin),
    });
  });
  afterAll(async () => {
    await t?.dispose();
  });
}

/** A complete merchant form (spec 2.2) with a CNPJ Pix key; `overrides` replace fields. */
export function merchantForm(overrides: Record<string, unknown> = {}) {
  return {
    name: `Loja Nova ${randomUUID().slice(0, 8)}`,
    legalName: 'Loja Nova Comércio Ltda',
    cnpj: '11.222.333/0001-81',
    initials: 'ln',
    enableInApp: false,
    settlementPlatform: 'STARKBANK',
    upfrontPaymentStatus: 'DISABLED',
    representativeName: 'Ana Souza',
    representativeCpf: '529.982.247-25',
    representativeEmail: 'ana@lojanova.example',
    pixKeyType: 'CNPJ',
    pixKey: '11.222.333/0001-81',
    bankCode: '260',
    status: 'ENABLED',
    settlementPaymentType: 'BUSINESS_DAYS_ONLY',
    ...overrides,
  };
}

export async function adminHeaders(t: TestApp) {
  return bearer((await loginAdmin(t)).token);
}

/** The store categories the merchant form offers (the demo world's catalogue: Moda, Casa e decoração, Livros). */
export async function catalogueOptions(t: TestApp, headers: Record<string, string>): Promise<Category[]> {
  const res = await t.request('GET', adminCatalogueOptions.path, undefined, headers);
  if (res.status !== 200) throw new Error(`catalogue options: ${res.status} ${res.text}`);
  return res.body as Category[];
}

/** Creates a merchant; the form's required store category is the first one offered unless `overrides` names some. */
export async function createMerchant(
  t: TestApp,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Promise<TestResponse> {
  const categoriesIds =
    'categoriesIds' in overrides ? [] : [(await catalogueOptions(t, headers))[0]?.id ?? 'no-category'];
  return t.request('POST', adminCreateMerchant.path, merchantForm({ categoriesIds, ...overrides }), headers);
}

export function userForm(merchantId: string, overrides: Record<string, unknown> = {}) {
  return {
    merchantId,
    email: `user-${randomUUID().slice(0, 8)}@lojanova.example`,
    phone: '+55 (11) 91234-5678',
    name: 'Bruno Lima',
    post: 'Financeiro',
    communications: [{ communicationType: 'ORDER_CREATED', notify: true }],
    permissions: ['ADMIN', 'READ'],
    password: 'senha-forte-1',
    ...overrides,
  };
}

export async function createUser(
  t: TestApp,
  headers: Record<string, string>,
  merchantId: string,
  overrides: Record<string, unknown> = {},
) {
  return t.request('POST', adminCreateMerchantUser.path, userForm(merchantId, overrides), headers);
}

export const pathOf = fillPath;
