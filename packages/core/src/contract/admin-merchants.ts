/**
 * The back office's merchant calls (spec 7, "Admin"): merchants, their users, fees, cashbacks and settlement
 * configurations. Amounts in reais on the wire (centavos in the domain), the fee in percent (2,99), the cashback as a
 * fraction (0,05), as spec 3 gives them.
 */
import * as v from 'valibot';
import { isValidCnpj, isValidCpf, onlyDigits } from '../br.ts';
import { cents, centsToReais } from '../money.ts';
import { MerchantPermission } from './auth.ts';
import { merchantRiskFlagsIssues, merchantRiskMessages } from './merchants.ts';
import { IsoDateString, NonNegativeReais, PageNumber, PageSize } from './primitives.ts';

// ---------------------------------------------------------------- enumerations (spec 3 and 9)

export const PIX_KEY_TYPES = ['CNPJ', 'EMAIL', 'PHONE', 'CPF', 'OTHER'] as const;
export const PixKeyType = v.picklist(PIX_KEY_TYPES, 'Tipo de chave PIX desconhecido');
export type PixKeyType = v.InferOutput<typeof PixKeyType>;

export const PLATFORMS = ['VTEX', 'MAGENTO', 'WOOCOMMERCE', 'MALGA', 'NUVEMSHOP'] as const;
export const UPFRONT_PAYMENT_STATUSES = ['DISABLED', 'OPTIONAL', 'MANDATORY'] as const;
export const SETTLEMENT_PAYMENT_TYPES = ['EVERY_DAY', 'WEEKDAYS_ONLY', 'BUSINESS_DAYS_ONLY'] as const;
export const PAYMENT_PLATFORMS = ['DRIP_STARKBANK', 'MALGA_STARKBANK'] as const;
export const MERCHANT_STATUSES = ['ENABLED', 'ARCHIVED'] as const;
/** Spec 9: the settlement transfer delays an admin may choose (0 = no delay). */
export const SETTLEMENT_TRANSFER_DELAYS = [0, 5, 7, 15, 30, 45] as const;
/** Spec 6: what a merchant user may subscribe to (all selected by default on the form). */
export const MERCHANT_NOTIFICATION_TYPES = ['ORDER_CREATED', 'ORDER_CANCELED', 'SETTLEMENT_CREATED'] as const;

export const PIX_KEY_INVALID = 'Chave PIX inválida, verifique os dados e tente novamente.';

/** Spec 5: store categories are required when a merchant is created (the form and the server say it alike). */
export const MERCHANT_CATEGORIES_REQUIRED = 'Selecione ao menos uma categoria da loja';
export const MERCHANT_CATEGORY_UNKNOWN = 'Categoria não encontrada no catálogo';
export const MERCHANT_TAG_UNKNOWN = 'Tag não encontrada entre as tags das categorias escolhidas';
/** The three logos of the merchant's store (spec 2.2 and 7): request field → answer field. */
export const MERCHANT_LOGOS = {
  logo: 'logoUrl',
  logoB2b: 'logoUrlB2b',
  logoBrand: 'logoUrlBrand',
} as const;
export type MerchantLogoField = keyof typeof MERCHANT_LOGOS;

/**
 * A Pix key as stored for its type (spec 5): CPF and CNPJ as digits, a phone as '+' and digits; null when the key is
 * not valid for the type. E-mail and 'Outro' keys are not checked (only trimmed).
 */
export function normalizePixKey(type: PixKeyType, key: string): string | null {
  const trimmed = key.trim();
  if (trimmed === '') return null;
  switch (type) {
    case 'CPF':
      return isValidCpf(trimmed) ? onlyDigits(trimmed) : null;
    case 'CNPJ':
      return isValidCnpj(trimmed) ? onlyDigits(trimmed) : null;
    case 'PHONE': {
      // Spec 5: 13 or 14 characters with the '+' once the mask is stripped (+55 and 10 or 11 digits).
      const phone = `+${onlyDigits(trimmed)}`;
      return /^\+\d{12,13}$/.test(phone) ? phone : null;
    }
    default:
      return trimmed;
  }
}

const text = (message: string) => v.pipe(v.string(message), v.trim());
const optionalText = v.optional(v.nullable(v.pipe(v.string('O valor deve ser um texto'), v.trim())), null);
const required = (label: string) =>
  v.pipe(text(`${label} é obrigatório`), v.minLength(1, `${label} é obrigatório`));

// ---------------------------------------------------------------- merchant

const CatalogueIds = (field: string) =>
  v.pipe(
    v.array(
      v.pipe(v.string(`${field} deve ser uma lista de identificadores`), v.maxLength(64)),
      `${field} deve ser uma lista de identificadores`,
    ),
    v.maxLength(100, `${field} deve ter no máximo 100 itens`),
  );
/** The server checks the bytes (a real PNG within the size limit, docs/images.md) and answers 422 otherwise. */
const LogoField = v.optional(v.nullable(v.string('A imagem deve ser um texto base64 ou a URL atual')), null);

const MerchantFields = v.object({
  name: v.pipe(required('O nome'), v.maxLength(200, 'O nome deve ter no máximo 200 caracteres')),
  legalName: required('A razão social'),
  /** CNPJ or CPF (spec 5: either mask), sent as digits. */
  cnpj: v.pipe(
    required('O CNPJ'),
    v.check((s) => isValidCnpj(s) || isValidCpf(s), 'CNPJ ou CPF inválido'),
    v.transform(onlyDigits),
  ),
  malgaClientId: optionalText,
  initials: v.pipe(
    required('As iniciais'),
    v.maxLength(2, 'As iniciais devem ter no máximo 2 caracteres'),
    v.toUpperCase(),
  ),
  enableInApp: v.boolean('Informe se o comerciante aparece no app'),
  settlementPlatform: required('A plataforma de repasse'),
  url: optionalText,
  integrationType: v.optional(v.nullable(v.picklist(PLATFORMS, 'Tipo de integração desconhecido')), null),
  ecommPlatform: v.optional(v.nullable(v.picklist(PLATFORMS, 'Plataforma de e-commerce desconhecida')), null),
  upfrontPaymentStatus: v.picklist(UPFRONT_PAYMENT_STATUSES, 'Pagamento da entrada desconhecido'),
  ordersPhone: optionalText,
  representativeName: optionalText,
  representativeBirthdate: v.optional(v.nullable(IsoDateString), null),
  representativeCpf: v.pipe(
    required('O CPF do representante'),
    v.check(isValidCpf, 'CPF do representante inválido'),
    v.transform(onlyDigits),
  ),
  representativeEmail: optionalText,
  addressStreet: optionalText,
  addressNumber: optionalText,
  addressCep: optionalText,
  addressComplement: optionalText,
  addressNeighborhood: optionalText,
  addressCity: optionalText,
  addressState: optionalText,
  pixKeyType: v.optional(v.nullable(PixKeyType), null),
  pixKey: optionalText,
  bankLegalName: optionalText,
  bankCode: optionalText,
  bankAccountTypeCode: optionalText,
  bankAccountAgencyNumber: optionalText,
  bankAccountNumber: optionalText,
  bankAccountNumberDigit: optionalText,
  /** Reais; 0 or null: no limit of its own. */
  maxAmountPerOrder: v.optional(v.nullable(v.number('O valor deve ser um número')), null),
  vTexAppKey: optionalText,
  vTexAppToken: optionalText,
  status: v.optional(v.picklist(MERCHANT_STATUSES, 'Status desconhecido'), 'ENABLED'),
  settlementPaymentType: v.optional(
    v.picklist(SETTLEMENT_PAYMENT_TYPES, 'Tipo de repasse desconhecido'),
    'BUSINESS_DAYS_ONLY',
  ),
  paymentPlatform: v.optional(
    v.picklist(PAYMENT_PLATFORMS, 'Plataforma de pagamento desconhecida'),
    'DRIP_STARKBANK',
  ),
  settlementWhenInstalmentPaid: v.optional(v.boolean(), false),
  /** Reais; null: the bureau limit alone. */
  customerLimit: v.optional(v.nullable(NonNegativeReais), null),
  /** Days; null: no limit ('Sem limite'). */
  cancelMaxDays: v.optional(
    v.nullable(
      v.pipe(
        v.number(),
        v.integer('Informe um número inteiro de dias'),
        v.minValue(0, 'O prazo não pode ser negativo'),
      ),
    ),
    null,
  ),
  skipAntifraud: v.optional(v.boolean(), false),
  skipProtectedScore: v.optional(v.boolean(), false),
  skipFraudulentPhone: v.optional(v.boolean(), false),
  skipFraudulentCpf: v.optional(v.boolean(), false),
  skipFraudulentAddressCep: v.optional(v.boolean(), false),
  skipFraudulentBankCode: v.optional(v.boolean(), false),
  skipOrderAmountRule: v.optional(v.boolean(), false),
  flexibleInstallments: v.optional(v.boolean(), true),
  limitInstalmentsByCheckout: v.optional(v.boolean(), false),
  maxInstalments: v.optional(
    v.pipe(
      v.number(),
      v.integer('O número de parcelas deve ser inteiro'),
      v.minValue(1, 'O número de parcelas deve ser de 1 a 12'),
      v.maxValue(12, 'O número de parcelas deve ser de 1 a 12'),
    ),
    3,
  ),
  /**
   * Catalogue category and subcategory ids (a subcategory brings its category); required on create. Absent on an
   * edit: the current ones stay. Ids the catalogue does not know are a 422 from the server.
   */
  categoriesIds: v.optional(CatalogueIds('categoriesIds')),
  /** Tags of the chosen categories; absent on an edit: the current ones stay. */
  tagsIds: v.optional(CatalogueIds('tagsIds')),
  /** The logos (B2C, B2B, brand): a PNG as base64 without prefix, or the current URL; empty or absent keeps it. */
  logo: LogoField,
  logoB2b: LogoField,
  logoBrand: LogoField,
});

/** The merchant form (spec 2.2 and 5), create and edit alike; refused with the spec's messages on their fields. */
export const AdminMerchantRequest = v.pipe(
  MerchantFields,
  v.forward(
    v.check(
      (m) =>
        m.maxAmountPerOrder === null ||
        (m.maxAmountPerOrder >= 0 &&
          Number.isInteger(Math.round(m.maxAmountPerOrder * 100)) &&
          Math.abs(m.maxAmountPerOrder * 100 - Math.round(m.maxAmountPerOrder * 100)) < 1e-6),
      'O valor deve ser positivo, com no máximo 2 casas decimais',
    ),
    ['maxAmountPerOrder'],
  ),
  v.forward(
    v.check(
      (m) => !m.enableInApp || (m.url ?? '') !== '',
      'A URL é obrigatória quando o comerciante aparece no app',
    ),
    ['url'],
  ),
  v.forward(
    v.check(
      (m) => !m.enableInApp || m.integrationType !== null,
      'O tipo de integração é obrigatório quando o comerciante aparece no app',
    ),
    ['integrationType'],
  ),
  v.forward(
    v.check((m) => (m.pixKeyType === null) === ((m.pixKey ?? '') === ''), PIX_KEY_INVALID),
    ['pixKey'],
  ),
  v.forward(
    v.check(
      (m) => m.pixKeyType === null || normalizePixKey(m.pixKeyType, m.pixKey ?? '') !== null,
      PIX_KEY_INVALID,
    ),
    ['pixKey'],
  ),
  v.forward(
    v.check(
      (m) => !merchantRiskFlagsIssues(m).some((i) => i.field === 'maxAmountPerOrder'),
      merchantRiskMessages.maxAmountRequired,
    ),
    ['maxAmountPerOrder'],
  ),
  v.forward(
    v.check(
      (m) => !merchantRiskFlagsIssues(m).some((i) => i.field === 'skipProtectedScore'),
      merchantRiskMessages.protectedScoreNeedsMaxAmountRule,
    ),
    ['skipProtectedScore'],
  ),
  v.transform((m) => ({
    ...m,
    pixKey: m.pixKeyType === null ? null : normalizePixKey(m.pixKeyType, m.pixKey ?? ''),
    /** Centavos; 0 is stored as no limit. */
    maxAmountPerOrder:
      m.maxAmountPerOrder === null || m.maxAmountPerOrder === 0
        ? null
        : Math.round(m.maxAmountPerOrder * 100),
  })),
);
export type AdminMerchantRequest = v.InferOutput<typeof AdminMerchantRequest>;

/** Fee, cashback and settlement configuration: active = the first non-expired (newest first), spec 4. */
export const TERM_STATES = ['ACTIVE', 'EXPIRED', 'OTHER'] as const;
export const TermState = v.picklist(TERM_STATES);
export type TermState = v.InferOutput<typeof TermState>;

export const MerchantFee = v.object({
  id: v.string(),
  merchantId: v.string(),
  /** Percent (2.99). */
  amount: v.number(),
  expirationDate: v.nullable(v.string()),
  createdAt: v.string(),
  state: TermState,
});
export type MerchantFee = v.InferOutput<typeof MerchantFee>;

export const MerchantCashback = v.object({
  id: v.string(),
  merchantId: v.string(),
  /** Fraction (0.05 = 5 %). */
  ratio: v.number(),
  expirationDate: v.nullable(v.string()),
  createdAt: v.string(),
  state: TermState,
});
export type MerchantCashback = v.InferOutput<typeof MerchantCashback>;

export const MerchantSettlementConfiguration = v.object({
  id: v.string(),
  merchantId: v.string(),
  transferDelayInDays: v.number(),
  payAllInOneSettlement: v.boolean(),
  expirationDate: v.nullable(v.string()),
  createdAt: v.string(),
  state: TermState,
});
export type MerchantSettlementConfiguration = v.InferOutput<typeof MerchantSettlementConfiguration>;

const ExpirationDate = v.optional(v.nullable(IsoDateString), null);

/** At most two decimals (the form's step): 2.99 % is 299 basis points exactly. */
const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export const MerchantFeeRequest = v.object({
  amount: v.pipe(
    v.number('A taxa deve ser um número'),
    v.minValue(0, 'A taxa deve estar entre 0 % e 100 %'),
    v.maxValue(100, 'A taxa deve estar entre 0 % e 100 %'),
    v.check(twoDecimals, 'A taxa deve ter no máximo 2 casas decimais'),
  ),
  expirationDate: ExpirationDate,
});
export type MerchantFeeRequest = v.InferOutput<typeof MerchantFeeRequest>;

export const MerchantCashbackRequest = v.object({
  ratio: v.pipe(
    v.number('O cashback deve ser um número'),
    v.minValue(0, 'O cashback deve estar entre 0 % e 100 %'),
    v.maxValue(1, 'O cashback deve estar entre 0 % e 100 %'),
    v.check((n) => twoDecimals(n * 100), 'O cashback deve ter no máximo 2 casas decimais em percentual'),
  ),
  expirationDate: ExpirationDate,
});
export type MerchantCashbackRequest = v.InferOutput<typeof MerchantCashbackRequest>;

export const MerchantSettlementConfigurationRequest = v.object({
  transferDelayInDays: v.picklist(
    SETTLEMENT_TRANSFER_DELAYS,
    `O prazo de repasse deve ser um de: ${SETTLEMENT_TRANSFER_DELAYS.join(', ')} dias`,
  ),
  payAllInOneSettlement: v.boolean('Informe se o repasse é feito de uma vez'),
  expirationDate: ExpirationDate,
});
export type MerchantSettlementConfigurationRequest = v.InferOutput<
  typeof MerchantSettlementConfigurationRequest
>;

// ---------------------------------------------------------------- merchant users

export const MerchantCommunication = v.object({
  communicationType: v.picklist(MERCHANT_NOTIFICATION_TYPES, 'Tipo de notificação desconhecido'),
  notify: v.boolean(),
});

const MerchantUserFields = {
  email: v.pipe(text('O e-mail é obrigatório'), v.email('E-mail inválido'), v.toLowerCase()),
  phone: required('O telefone'),
  name: required('O nome'),
  post: optionalText,
  authenticationPreference: v.optional(
    v.picklist(['SMS', 'EMAIL', 'WHATSAPP'], 'Provedor desconhecido'),
    'SMS',
  ),
  communications: v.optional(v.array(MerchantCommunication), []),
  /** 'Pode cancelar/pedido': [ADMIN, READ]; otherwise [READ]. */
  permissions: v.pipe(v.array(MerchantPermission), v.minLength(1, 'Informe as permissões')),
};

const Password = v.pipe(v.string(), v.minLength(8, 'A senha deve ter no mínimo 8 caracteres'));

export const AdminCreateMerchantUserRequest = v.object({
  merchantId: v.pipe(v.string('Informe o comerciante'), v.uuid('Comerciante não encontrado')),
  ...MerchantUserFields,
  password: Password,
});
export type AdminCreateMerchantUserRequest = v.InferOutput<typeof AdminCreateMerchantUserRequest>;

/** The edit form: the password only when it changes. */
export const AdminUpdateMerchantUserRequest = v.object({
  ...MerchantUserFields,
  password: v.optional(v.nullable(Password), null),
  status: v.optional(v.picklist(['ACTIVE', 'DISABLED'], 'Status desconhecido')),
});
export type AdminUpdateMerchantUserRequest = v.InferOutput<typeof AdminUpdateMerchantUserRequest>;

export const AdminMerchantUser = v.object({
  id: v.string(),
  merchantId: v.string(),
  email: v.string(),
  phone: v.string(),
  name: v.string(),
  post: v.nullable(v.string()),
  authenticationPreference: v.string(),
  communications: v.array(v.object({ communicationType: v.string(), notify: v.boolean() })),
  permissions: v.array(v.string()),
  status: v.string(),
});
export type AdminMerchantUser = v.InferOutput<typeof AdminMerchantUser>;

// ---------------------------------------------------------------- merchant answers

const nullableString = v.nullable(v.string());
const CatalogueRef = v.object({ id: v.string(), name: v.string() });

export const AdminMerchant = v.object({
  id: v.string(),
  name: v.string(),
  legalName: nullableString,
  cnpj: nullableString,
  malgaClientId: nullableString,
  initials: v.string(),
  enableInApp: v.boolean(),
  settlementPlatform: nullableString,
  url: nullableString,
  integrationType: nullableString,
  ecommPlatform: nullableString,
  upfrontPaymentStatus: v.string(),
  ordersPhone: nullableString,
  apiKey: v.string(),
  status: v.string(),
  settlementPaymentType: v.string(),
  paymentPlatform: v.string(),
  /** Reais. */
  customerLimit: v.nullable(v.number()),
  settlementWhenInstalmentPaid: v.boolean(),
  cancelMaxDays: v.nullable(v.number()),
  representativeName: nullableString,
  representativeBirthdate: nullableString,
  representativeCpf: nullableString,
  representativeEmail: nullableString,
  addressStreet: nullableString,
  addressNumber: nullableString,
  addressCep: nullableString,
  addressComplement: nullableString,
  addressNeighborhood: nullableString,
  addressCity: nullableString,
  addressState: nullableString,
  pixKey: nullableString,
  pixKeyType: nullableString,
  bankLegalName: nullableString,
  bankCode: nullableString,
  bankAccountTypeCode: nullableString,
  bankAccountAgencyNumber: nullableString,
  bankAccountNumber: nullableString,
  bankAccountNumberDigit: nullableString,
  /** Reais. */
  maxAmountPerOrder: v.nullable(v.number()),
  vTexAppKey: nullableString,
  vTexAppToken: nullableString,
  skipAntifraud: v.boolean(),
  skipProtectedScore: v.boolean(),
  skipFraudulentPhone: v.boolean(),
  skipFraudulentCpf: v.boolean(),
  skipFraudulentAddressCep: v.boolean(),
  skipFraudulentBankCode: v.boolean(),
  skipOrderAmountRule: v.boolean(),
  flexibleInstallments: v.boolean(),
  limitInstalmentsByCheckout: v.boolean(),
  maxInstalments: v.number(),
  /** Catalogue category and subcategory ids of the merchant's store (each subcategory's category included). */
  categoriesIds: v.array(v.string()),
  tagsIds: v.array(v.string()),
  logoUrl: nullableString,
  logoUrlB2b: nullableString,
  logoUrlBrand: nullableString,
  createdAt: v.string(),
});
export type AdminMerchant = v.InferOutput<typeof AdminMerchant>;

/** The details page: the merchant and its users and terms, newest first, each with its state. */
export const AdminMerchantDetails = v.object({
  ...AdminMerchant.entries,
  backofficeUsers: v.array(AdminMerchantUser),
  fees: v.array(MerchantFee),
  cashback: v.array(MerchantCashback),
  settlementConfigurations: v.array(MerchantSettlementConfiguration),
  /** The store's categories by name, each with its chosen subcategories, and its tags (spec 3, merchant store). */
  categories: v.array(v.object({ id: v.string(), name: v.string(), subCategory: v.array(CatalogueRef) })),
  tags: v.array(CatalogueRef),
});
export type AdminMerchantDetails = v.InferOutput<typeof AdminMerchantDetails>;

export const AdminMerchantsQuery = v.object({
  page: PageNumber,
  size: PageSize,
  /** Part of the store name, any case. */
  name: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'A busca deve ter no máximo 200 caracteres')),
  ),
});

export const AdminMerchantSummary = v.object({
  id: v.string(),
  name: v.string(),
  initials: v.string(),
  cnpj: nullableString,
  status: v.string(),
  createdAt: v.string(),
});

export const AdminMerchantsPage = v.object({
  content: v.array(AdminMerchantSummary),
  totalPages: v.number(),
  totalElements: v.number(),
  number: v.number(),
});

/**
 * What the merchant form offers: the active categories with their active subcategories and their tags (the
 * catalogue's category shape, declared here so that the admin's merchant pages do not carry the catalogue contract).
 */
export const AdminCatalogueOptions = v.array(
  v.object({
    id: v.string(),
    name: v.string(),
    status: v.string(),
    subCategory: v.array(v.object({ id: v.string(), name: v.string(), status: v.string() })),
    tags: v.array(CatalogueRef),
  }),
);
export type AdminCatalogueOptions = v.InferOutput<typeof AdminCatalogueOptions>;

export const AdminApiKeyReset = v.object({ id: v.string(), apiKey: v.string() });

/** The states of a list of terms, newest first: the first non-expired is active (spec 4). */
export function termStates<T extends { expirationDate: string | null }>(
  newestFirst: readonly T[],
  today: string,
): TermState[] {
  let activeSeen = false;
  return newestFirst.map((t) => {
    if (t.expirationDate !== null && t.expirationDate <= today) return 'EXPIRED';
    if (activeSeen) return 'OTHER';
    activeSeen = true;
    return 'ACTIVE';
  });
}

/** Centavos → wire reais, null kept. */
export const reaisOrNull = (c: number | null): number | null => (c === null ? null : centsToReais(cents(c)));

/** Spec 9: the bank account type codes a merchant's account may have; the spec gives only 001's label. */
export const BANK_ACCOUNT_TYPE_CODES = [
  '001',
  '002',
  '003',
  '006',
  '007',
  '013',
  '022',
  '023',
  '028',
  '032',
  '034',
  '037',
  '043',
  '131',
] as const;
const BANK_ACCOUNT_TYPE_LABELS: Readonly<Record<string, string>> = { '001': 'Conta Corrente Pessoa Física' };

/** A bank account type as a screen shows it: the code with its label when the spec gives one ('001 - Conta…'). */
export function bankAccountTypeLabel(code: string): string {
  const label = BANK_ACCOUNT_TYPE_LABELS[code];
  return label ? `${code} - ${label}` : code;
}
