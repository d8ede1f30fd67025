/**
 * Promotions (spec 3, 4, 5 and 7, "Promotion banners" and "Affiliate products"): a banner of the B2C app shown from
 * `from` to `to`, opening a store's products page (PAGE_VIEW) or a list of products of its own (PRODUCT_VIEW).
 * Prices are reais on the wire and centavos in the domain. docs/promotions.md.
 */
import * as v from 'valibot';
import { isReaisAmount, reaisToCents } from '../money.ts';
import { IsoDateString, NonNegativeReais } from './primitives.ts';

export const PROMOTION_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const PromotionStatus = v.picklist(PROMOTION_STATUSES, 'Status deve ser ACTIVE ou DISABLED');
export type PromotionStatus = v.InferOutput<typeof PromotionStatus>;
export const PROMOTION_TYPES = ['PAGE_VIEW', 'PRODUCT_VIEW'] as const;
export const PromotionType = v.picklist(PROMOTION_TYPES, 'Tipo deve ser PAGE_VIEW ou PRODUCT_VIEW');
export type PromotionType = v.InferOutput<typeof PromotionType>;

/** Spec 3's labels: the status, and the type as the list shows it and as the form's options say it. */
export const PROMOTION_STATUS_LABELS: Record<PromotionStatus, string> = {
  ACTIVE: 'Habilitado',
  DISABLED: 'Desabilitado',
};
export const PROMOTION_TYPE_LABELS: Record<PromotionType, string> = {
  PAGE_VIEW: 'WebView',
  PRODUCT_VIEW: 'Produtos',
};
export const PROMOTION_TYPE_OPTION_LABELS: Record<PromotionType, string> = {
  PAGE_VIEW: 'Visualização por loja',
  PRODUCT_VIEW: 'Visualização por produtos',
};

/** The validation texts (spec 5 names the rules, not their words); the form shows the same ones. */
export const PROMOTION_MESSAGES = {
  name: 'Nome é obrigatório',
  from: 'Data de início é obrigatória',
  toBeforeFrom: 'A data de término não pode ser anterior à data de início',
  productsPageUrl: 'Link da página de produtos é obrigatório',
  productsPageUrlInvalid: 'Link da página de produtos inválido',
  store: 'Loja é obrigatória',
  productName: 'Nome do produto é obrigatório',
  productDescription: 'Descrição do produto é obrigatória',
  productUrl: 'Link do produto é obrigatório',
  productUrlInvalid: 'Link do produto inválido',
  productImage: 'Link da imagem é obrigatório',
  productImageInvalid: 'Link da imagem inválido',
  price: 'Preço é obrigatório',
} as const;

const Text = (required: string, max: number) =>
  v.pipe(
    v.string(required),
    v.trim(),
    v.nonEmpty(required),
    v.maxLength(max, `Deve ter no máximo ${max} caracteres`),
  );

/** An http(s) link (a `javascript:` link in a banner would run in the app's web view). */
const Link = (required: string, invalid: string) =>
  v.pipe(
    Text(required, 2000),
    v.url(invalid),
    v.check((s) => /^https?:\/\//i.test(s), invalid),
  );

/** Optional text: empty means none. */
const optionalText = v.optional(
  v.nullable(
    v.pipe(
      v.string(),
      v.trim(),
      v.transform((s) => (s === '' ? null : s)),
    ),
  ),
  null,
);

/** The PNG as the spec sends it: base64 without a `data:` prefix; the server checks the bytes (422 otherwise). */
const Image = v.pipe(v.string('Imagem inválida'), v.nonEmpty('Imagem é obrigatória'));

// ---- promotion products (affiliate products) ----

const ProductFields = {
  name: Text(PROMOTION_MESSAGES.productName, 200),
  description: Text(PROMOTION_MESSAGES.productDescription, 2000),
  /** Link to the product in the store; fixed once created (the form disables it on edit, spec 5). */
  url: Link(PROMOTION_MESSAGES.productUrl, PROMOTION_MESSAGES.productUrlInvalid),
  /** Link to the product's image (an address, not an upload). */
  image: Link(PROMOTION_MESSAGES.productImage, PROMOTION_MESSAGES.productImageInvalid),
  /** Price before the promotion, reais; optional. */
  basePrice: v.optional(v.nullable(NonNegativeReais), null),
  /** Reais, at least 0 (spec 5: min 0, step 0.01); centavos inside. */
  price: v.pipe(
    v.number(PROMOTION_MESSAGES.price),
    v.minValue(0, 'O preço não pode ser negativo'),
    v.check((n) => isReaisAmount(n), 'O preço deve ter no máximo 2 casas decimais'),
    v.transform((n) => reaisToCents(n)),
  ),
  storeId: v.pipe(v.string(PROMOTION_MESSAGES.store), v.trim(), v.nonEmpty(PROMOTION_MESSAGES.store)),
};

export const PromotionProductRequest = v.object(ProductFields);
export type PromotionProductRequest = v.InferOutput<typeof PromotionProductRequest>;
/** POST /affiliate-product/{promotionId}: the products to add, at most 100 at a time. */
export const PromotionProductsRequest = v.pipe(
  v.array(PromotionProductRequest, 'Envie uma lista de produtos'),
  v.minLength(1, 'Envie ao menos um produto'),
  v.maxLength(100, 'Envie no máximo 100 produtos por vez'),
);
/** PUT /affiliate-product/: the product with its id; its link is not changed (spec 5: disabled on edit). */
export const PromotionProductUpdateRequest = v.object({
  id: v.string('Identificador do produto é obrigatório'),
  ...ProductFields,
  url: v.optional(v.unknown()),
});
export type PromotionProductUpdateRequest = v.InferOutput<typeof PromotionProductUpdateRequest>;

export const PromotionStoreRef = v.object({ id: v.string(), name: v.string() });

export const PromotionProduct = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  url: v.string(),
  image: v.string(),
  basePrice: v.nullable(NonNegativeReais),
  price: NonNegativeReais,
  storeId: v.string(),
  store: v.nullable(PromotionStoreRef),
  createdAt: v.string(),
  updatedAt: v.string(),
});
export type PromotionProduct = v.InferOutput<typeof PromotionProduct>;
export const PromotionProductList = v.array(PromotionProduct);

// ---- promotions (promotion banners) ----

const PromotionFields = {
  name: Text(PROMOTION_MESSAGES.name, 200),
  /** Required unless PRODUCT_VIEW (checked below). */
  storeId: optionalText,
  productsPageUrl: optionalText,
  /** Absent reads as empty, so that a missing date gets the same message as an empty one. */
  from: v.pipe(
    v.optional(v.string(PROMOTION_MESSAGES.from), ''),
    v.nonEmpty(PROMOTION_MESSAGES.from),
    IsoDateString,
  ),
  /** Optional; an empty text means none. */
  to: v.optional(
    v.nullable(
      v.pipe(
        v.string('Data de término inválida'),
        v.trim(),
        v.transform((s) => (s === '' ? null : s)),
        v.nullable(IsoDateString),
      ),
    ),
    null,
  ),
  status: v.optional(PromotionStatus, 'ACTIVE'),
  type: v.optional(PromotionType, 'PAGE_VIEW'),
};

function isHttpUrl(s: string): boolean {
  if (!/^https?:\/\//i.test(s) || s.length > 2000) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/** POST /promotion-banner (spec 5's rules across fields, each on its field): the form plus the image (optional, spec 5 does not require it). */
export const CreatePromotionRequest = v.pipe(
  v.object({ ...PromotionFields, image: v.optional(v.nullable(Image), null) }),
  v.forward(
    v.check((p) => p.to === null || p.to >= p.from, PROMOTION_MESSAGES.toBeforeFrom),
    ['to'],
  ),
  v.forward(
    v.check(
      (p) => p.type === 'PRODUCT_VIEW' || p.productsPageUrl !== null,
      PROMOTION_MESSAGES.productsPageUrl,
    ),
    ['productsPageUrl'],
  ),
  v.forward(
    v.check(
      (p) => p.productsPageUrl === null || isHttpUrl(p.productsPageUrl),
      PROMOTION_MESSAGES.productsPageUrlInvalid,
    ),
    ['productsPageUrl'],
  ),
  v.forward(
    v.check((p) => p.type === 'PRODUCT_VIEW' || p.storeId !== null, PROMOTION_MESSAGES.store),
    ['storeId'],
  ),
);
export type CreatePromotionRequest = v.InferOutput<typeof CreatePromotionRequest>;

/** PUT /promotion-banner: the form with the promotion's id; the image changes through the logo call only. */
export const UpdatePromotionRequest = v.pipe(
  v.object({ id: v.string('Identificador da promoção é obrigatório'), ...PromotionFields }),
  v.forward(
    v.check((p) => p.to === null || p.to >= p.from, PROMOTION_MESSAGES.toBeforeFrom),
    ['to'],
  ),
  v.forward(
    v.check(
      (p) => p.type === 'PRODUCT_VIEW' || p.productsPageUrl !== null,
      PROMOTION_MESSAGES.productsPageUrl,
    ),
    ['productsPageUrl'],
  ),
  v.forward(
    v.check(
      (p) => p.productsPageUrl === null || isHttpUrl(p.productsPageUrl),
      PROMOTION_MESSAGES.productsPageUrlInvalid,
    ),
    ['productsPageUrl'],
  ),
  v.forward(
    v.check((p) => p.type === 'PRODUCT_VIEW' || p.storeId !== null, PROMOTION_MESSAGES.store),
    ['storeId'],
  ),
);
export type UpdatePromotionRequest = v.InferOutput<typeof UpdatePromotionRequest>;

/** PUT /promotion-banner/logo/{id}. */
export const PromotionImageRequest = v.object({ image: Image });

export const Promotion = v.object({
  id: v.string(),
  name: v.string(),
  store: v.nullable(PromotionStoreRef),
  storeId: v.nullable(v.string()),
  productsPageUrl: v.nullable(v.string()),
  from: v.string(),
  to: v.nullable(v.string()),
  status: PromotionStatus,
  type: PromotionType,
  /** The image's URL, null without one. */
  image: v.nullable(v.string()),
  createdAt: v.string(),
  products: v.array(PromotionProduct),
});
export type Promotion = v.InferOutput<typeof Promotion>;

export const PromotionSummary = v.object({
  id: v.string(),
  name: v.string(),
  store: v.nullable(PromotionStoreRef),
  from: v.string(),
  to: v.nullable(v.string()),
  status: PromotionStatus,
  type: PromotionType,
  image: v.nullable(v.string()),
  createdAt: v.string(),
});
export type PromotionSummary = v.InferOutput<typeof PromotionSummary>;

export const PromotionsPage = v.object({
  content: v.array(PromotionSummary),
  number: v.number(),
  size: v.number(),
  totalPages: v.number(),
  totalElements: v.number(),
});
export type PromotionsPage = v.InferOutput<typeof PromotionsPage>;

/** Spec 7: page 0 and size 20 unless asked. */
export const PromotionsQuery = v.object({
  page: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'O parâmetro page deve ser um número inteiro a partir de 0'),
      v.transform(Number),
    ),
    '0',
  ),
  size: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
      v.transform(Number),
      v.minValue(1, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
      v.maxValue(100, 'O parâmetro size deve ser um número inteiro entre 1 e 100'),
    ),
    '20',
  ),
});

/** The store picker's search: active stores by name (spec 7: size 50, status ACTIVE). */
export const PromotionStoresQuery = v.object({
  storeName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Nome da loja muito longo'))),
});
export const PromotionStoreOptions = v.array(PromotionStoreRef);
