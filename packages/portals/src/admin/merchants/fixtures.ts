/** Fixture answers of the admin's merchant calls, shared by the component tests and the stories. */
import type { AdminMerchantDetails } from '@drip/core';

export const ADMIN_API = '/admin_backoffice/api/v1';
export const MERCHANT_ID = '7d0c8a4e-2f7b-4c1e-9a52-6f3f1b0c9d11';

export function merchantSummary(n: number) {
  return {
    id: n === 1 ? MERCHANT_ID : `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Loja ${n}`,
    initials: `L${n % 10}`,
    cnpj: '11222333000181',
    status: 'ENABLED',
    createdAt: `2026-03-0${(n % 9) + 1}T12:00:00.000Z`,
  };
}

export function merchantsPage(count: number, page = 0, total = count) {
  return {
    content: Array.from({ length: count }, (_, i) => merchantSummary(page * 10 + i + 1)),
    number: page,
    totalPages: Math.max(1, Math.ceil(total / 10)),
    totalElements: total,
  };
}

export const MODA = 'c0000000-0000-4000-8000-000000000001';
export const FEMININO = 'c0000000-0000-4000-8000-000000000002';
export const LIVROS = 'c0000000-0000-4000-8000-000000000003';
export const CASUAL = 'a0000000-0000-4000-8000-000000000001';
export const BLACK_FRIDAY = 'a0000000-0000-4000-8000-000000000002';
export const LOGO_URL = 'https://drip.example/images/aaaa.png';

/** The admin.catalogueOptions answer: the active categories with their subcategories and tags. */
export function catalogueOptions() {
  return [
    {
      id: LIVROS,
      name: 'Livros',
      status: 'ACTIVE',
      subCategory: [],
      tags: [],
    },
    {
      id: MODA,
      name: 'Moda',
      status: 'ACTIVE',
      subCategory: [
        { id: FEMININO, name: 'Feminino', status: 'ACTIVE' },
        { id: 'c0000000-0000-4000-8000-000000000004', name: 'Masculino', status: 'ACTIVE' },
      ],
      tags: [
        { id: CASUAL, name: 'Estilo casual' },
        { id: BLACK_FRIDAY, name: 'Black Friday' },
      ],
    },
  ];
}

export function merchantDetails(overrides: Partial<AdminMerchantDetails> = {}): AdminMerchantDetails {
  return {
    id: MERCHANT_ID,
    name: 'Loja Aurora',
    legalName: 'Aurora Comércio Ltda',
    cnpj: '11222333000181',
    malgaClientId: null,
    initials: 'LA',
    enableInApp: true,
    settlementPlatform: 'STARKBANK',
    url: 'https://aurora.example',
    integrationType: 'VTEX',
    ecommPlatform: null,
    upfrontPaymentStatus: 'OPTIONAL',
    ordersPhone: null,
    apiKey: 'old-key-0123456789abcdef',
    status: 'ENABLED',
    settlementPaymentType: 'BUSINESS_DAYS_ONLY',
    paymentPlatform: 'DRIP_STARKBANK',
    customerLimit: 1500,
    settlementWhenInstalmentPaid: false,
    cancelMaxDays: null,
    representativeName: 'Ana Souza',
    representativeBirthdate: '1985-04-12',
    representativeCpf: '52998224725',
    representativeEmail: null,
    addressStreet: 'Rua das Flores',
    addressNumber: '100',
    addressCep: '01310930',
    addressComplement: null,
    addressNeighborhood: 'Centro',
    addressCity: 'São Paulo',
    addressState: 'SP',
    pixKey: '11222333000181',
    pixKeyType: 'CNPJ',
    bankLegalName: 'Banco do Brasil',
    bankCode: '001',
    bankAccountTypeCode: 'CC',
    bankAccountAgencyNumber: '1234',
    bankAccountNumber: '56789',
    bankAccountNumberDigit: '0',
    maxAmountPerOrder: 2500.5,
    vTexAppKey: null,
    vTexAppToken: null,
    skipAntifraud: false,
    skipProtectedScore: false,
    skipFraudulentPhone: true,
    skipFraudulentCpf: false,
    skipFraudulentAddressCep: false,
    skipFraudulentBankCode: false,
    skipOrderAmountRule: false,
    flexibleInstallments: true,
    limitInstalmentsByCheckout: false,
    maxInstalments: 6,
    categoriesIds: [MODA, FEMININO],
    tagsIds: [CASUAL],
    logoUrl: LOGO_URL,
    logoUrlB2b: null,
    logoUrlBrand: null,
    categories: [{ id: MODA, name: 'Moda', subCategory: [{ id: FEMININO, name: 'Feminino' }] }],
    tags: [{ id: CASUAL, name: 'Estilo casual' }],
    createdAt: '2026-03-01T12:00:00.000Z',
    backofficeUsers: [
      {
        id: 'user-1',
        merchantId: MERCHANT_ID,
        email: 'gerente@aurora.example',
        phone: '+5511987654321',
        name: 'Bruno Lima',
        post: 'Gerente',
        authenticationPreference: 'SMS',
        communications: [],
        permissions: ['ADMIN', 'READ'],
        status: 'ACTIVE',
      },
    ],
    fees: [fee('fee-2', 3, null, 'ACTIVE'), fee('fee-1', 2.99, '2026-01-31', 'EXPIRED')],
    cashback: [
      {
        id: 'cb-3',
        merchantId: MERCHANT_ID,
        ratio: 0.05,
        expirationDate: '2027-12-31',
        createdAt: '2026-03-02T00:00:00.000Z',
        state: 'ACTIVE',
      },
      {
        id: 'cb-2',
        merchantId: MERCHANT_ID,
        ratio: 0.03,
        expirationDate: null,
        createdAt: '2026-02-02T00:00:00.000Z',
        state: 'OTHER',
      },
    ],
    settlementConfigurations: [
      {
        id: 'sc-1',
        merchantId: MERCHANT_ID,
        transferDelayInDays: 7,
        payAllInOneSettlement: true,
        expirationDate: null,
        createdAt: '2026-03-01T00:00:00.000Z',
        state: 'ACTIVE',
      },
    ],
    ...overrides,
  };
}

function fee(
  id: string,
  amount: number,
  expirationDate: string | null,
  state: 'ACTIVE' | 'EXPIRED' | 'OTHER',
) {
  return {
    id,
    merchantId: MERCHANT_ID,
    amount,
    expirationDate,
    createdAt: '2026-01-01T00:00:00.000Z',
    state,
  };
}
