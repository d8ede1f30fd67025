/**
 * The store catalogue API (spec sections 3, 4, 5 and 7): stores, categories with their subcategories, tags and the
 * buckets of highlight stores. Percentages travel as fractions (0.05 is 5 %), as the spec's store fields say.
 */
import * as v from 'valibot';
import { HighlightStore } from './highlight-stores.ts';
import { pageOf } from './orders.ts';
import { pageQueryEntries } from './primitives.ts';

/** Base path of the catalogue API; its calls authenticate with the catalogue key in CATALOGUE_KEY_HEADER. */
export const CATALOGUE_API = '/catalogue/api/v1';
export const CATALOGUE_KEY_HEADER = 'X-Api-Key';

export const STORE_STATUSES = ['ACTIVE', 'DISABLED', 'ARCHIVED'] as const;
export const StoreStatus = v.picklist(STORE_STATUSES, 'Status da loja deve ser ACTIVE, DISABLED ou ARCHIVED');
export type StoreStatus = v.InferOutput<typeof StoreStatus>;
export const STORE_ORIGINS = ['INTERNAL', 'AWIN', 'AFILIO'] as const;
export const STORE_PLATFORMS = ['IOS', 'ANDROID', 'WEB'] as const;
export const STORE_INTEGRATION_TYPES = ['VTEX', 'MAGENTO', 'WOOCOMMERCE', 'MALGA'] as const;
export const CATEGORY_STATUSES = ['ACTIVE', 'DISABLE'] as const;
export const CategoryStatus = v.picklist(CATEGORY_STATUSES, 'Status da categoria deve ser ACTIVE ou DISABLE');
export const TAG_TYPES = ['STYLE', 'MOMENT', 'OTHER'] as const;
export const TAG_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export const TagStatus = v.picklist(TAG_STATUSES, 'Status da tag deve ser ACTIVE ou DISABLED');

const Id = v.pipe(v.string(), v.uuid('Identificador inválido'));
const Name = (what: string) =>
  v.pipe(
    v.string(`${what} é obrigatório`),
    v.trim(),
    v.nonEmpty(`${what} é obrigatório`),
    v.maxLength(120, `${what} deve ter no máximo 120 caracteres`),
  );
/** A percentage as a fraction: 0 to 1 (the form shows it x100, min 0). */
const Fraction = (what: string) =>
  v.pipe(
    v.number(`${what} deve ser um número`),
    v.minValue(0, `${what} não pode ser negativo`),
    v.maxValue(1, `${what} deve ser no máximo 100%`),
  );
/**
 * An image as the spec sends it: the PNG's base64 without a `data:` prefix, or (on edit) the URL the server gave
 * (then the current image is kept). The server checks the bytes (a real PNG within the size limit) and answers 422.
 */
const ImageField = v.pipe(v.string('Imagem inválida'), v.nonEmpty('Imagem é obrigatória'));

export const CatalogueRef = v.object({ id: v.string(), name: v.string() });

// ---- tags ----

export const Tag = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(TAG_TYPES),
  priority: v.number(),
  logoUrl: v.nullable(v.string()),
  status: TagStatus,
});
export type Tag = v.InferOutput<typeof Tag>;
export const TagList = v.array(Tag);

const TagFields = {
  name: Name('Nome'),
  type: v.picklist(TAG_TYPES, 'Tipo deve ser STYLE, MOMENT ou OTHER'),
  priority: v.pipe(
    v.number('Prioridade deve ser um número inteiro'),
    v.integer('Prioridade deve ser um número inteiro'),
  ),
};
export const CreateTagRequest = v.object({ ...TagFields, logo: ImageField });
export const UpdateTagRequest = v.object({ ...TagFields, status: TagStatus, logo: v.optional(ImageField) });

// ---- categories ----

export const Subcategory = v.object({ id: v.string(), name: v.string(), status: CategoryStatus });
export const Category = v.object({
  id: v.string(),
  name: v.string(),
  status: CategoryStatus,
  subCategory: v.array(Subcategory),
  tags: v.array(CatalogueRef),
});
export type Category = v.InferOutput<typeof Category>;
export const CategoryList = v.array(Category);

export const CategoryListQuery = v.object({
  /** ACTIVE (default) lists the active categories; ALL every one. */
  status: v.optional(v.picklist(['ACTIVE', 'ALL'], 'O parâmetro status deve ser ACTIVE ou ALL'), 'ACTIVE'),
});

const SubcategoryName = v.object({ name: v.pipe(v.string('Nome da subcategoria é obrigatório'), v.trim()) });
const TagIds = v.optional(v.array(Id, 'tagsId deve ser uma lista de identificadores'), []);

export const CreateCategoryRequest = v.object({
  name: Name('Nome'),
  status: v.optional(CategoryStatus, 'ACTIVE'),
  /** Empty names are dropped (spec 5). */
  subCategory: v.optional(v.array(SubcategoryName), []),
  tagsId: TagIds,
});
/** A category's or a subcategory's change (a subcategory is patched by its own id with name and status). */
export const UpdateCategoryRequest = v.object({
  name: v.optional(Name('Nome')),
  status: v.optional(CategoryStatus),
  tagsId: v.optional(v.array(Id, 'tagsId deve ser uma lista de identificadores')),
});
export const AddSubcategoriesRequest = v.pipe(
  v.array(SubcategoryName, 'Envie uma lista de subcategorias'),
  v.minLength(1, 'Envie ao menos uma subcategoria'),
);

// ---- stores ----

export const StoreCategory = v.object({
  id: v.string(),
  name: v.string(),
  subCategory: v.array(CatalogueRef),
});

export const Store = v.object({
  id: v.string(),
  name: v.string(),
  url: v.string(),
  origin: v.picklist(STORE_ORIGINS),
  platform: v.picklist(STORE_PLATFORMS),
  minimumCashback: v.number(),
  customerCashback: v.number(),
  tax: v.number(),
  merchantInitials: v.string(),
  offerPixDiscount: v.boolean(),
  integrationType: v.nullable(v.picklist(STORE_INTEGRATION_TYPES)),
  status: StoreStatus,
  logoUrl: v.nullable(v.string()),
  categories: v.array(StoreCategory),
  tags: v.array(CatalogueRef),
});
export type Store = v.InferOutput<typeof Store>;

export const StoreSummary = v.object({
  id: v.string(),
  name: v.string(),
  origin: v.picklist(STORE_ORIGINS),
  status: StoreStatus,
  logoUrl: v.nullable(v.string()),
});
export const StorePage = pageOf(StoreSummary);

export const StoreListQuery = v.object({
  ...pageQueryEntries(20),
  status: v.optional(StoreStatus),
  storeName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(120, 'Nome da loja muito longo'))),
});

const StoreFields = {
  name: Name('Nome'),
  url: v.pipe(v.string('Link da loja é obrigatório'), v.trim(), v.url('Link da loja inválido')),
  origin: v.picklist(STORE_ORIGINS, 'Origem deve ser INTERNAL, AWIN ou AFILIO'),
  platform: v.optional(v.picklist(STORE_PLATFORMS, 'Plataforma deve ser IOS, ANDROID ou WEB'), 'WEB'),
  minimumCashback: Fraction('Desconto mínimo'),
  customerCashback: Fraction('Cashback'),
  tax: Fraction('Taxa'),
  merchantInitials: v.pipe(
    v.string('Abreviação do nome é obrigatória'),
    v.trim(),
    v.nonEmpty('Abreviação do nome é obrigatória'),
    v.maxLength(2, 'Abreviação do nome deve ter no máximo 2 caracteres'),
  ),
  offerPixDiscount: v.optional(v.boolean('Oferece desconto Pix deve ser sim ou não'), false),
  integrationType: v.optional(
    v.nullable(
      v.picklist(STORE_INTEGRATION_TYPES, 'Tipo de integração deve ser VTEX, MAGENTO, WOOCOMMERCE ou MALGA'),
    ),
    null,
  ),
  /** Category and subcategory ids (a subcategory counts with its category). */
  categoriesIds: v.optional(v.array(Id, 'categoriesIds deve ser uma lista de identificadores'), []),
  tagsIds: v.optional(v.array(Id, 'tagsIds deve ser uma lista de identificadores'), []),
  /** Sent back by the admin form; the path's id is the one that counts. */
  id: v.optional(v.nullable(v.string())),
};
export const CreateStoreRequest = v.object({
  ...StoreFields,
  status: v.optional(StoreStatus, 'ACTIVE'),
  logo: ImageField,
});
export const UpdateStoreRequest = v.object({
  ...StoreFields,
  status: v.optional(StoreStatus),
  logo: v.optional(v.nullable(ImageField)),
});

export const StoreStatusQuery = v.object({ newStatus: v.optional(StoreStatus, 'ACTIVE') });

// ---- buckets ----

// The checkout's part lives in its own file, so that the checkout bundle carries none of the management schemas.
export { HighlightStore };
export const StoreBucket = v.object({ name: v.string(), stores: v.array(HighlightStore) });
export const StoreBuckets = v.array(StoreBucket);
export type StoreBuckets = v.InferOutput<typeof StoreBuckets>;
/** The bucket the checkout shows (spec 3: grouped by name, group 'Highlights' used). */
export const HIGHLIGHTS_BUCKET = 'Highlights';
