import {
  type Cents,
  CreatePromotionRequest,
  centsToReais,
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
  PROMOTION_TYPE_OPTION_LABELS,
  PROMOTION_TYPES,
  type Promotion,
  type PromotionProduct,
  PromotionProductRequest,
  type PromotionStatus,
  type PromotionType,
  todayInSaoPaulo,
} from '@drip/core';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  CONFIRMATIONS,
  ConfirmAction,
  DateField,
  FormPage,
  ImageUpload,
  LoadError,
  MoneyInput,
  notifyError,
  notifySuccess,
  PageLoader,
  SearchSelect,
  SectionCard,
  useFormFields,
} from '../../shared/kit/index.ts';
import { reloadPage } from '../../shared/reloadPage.ts';
import { type FieldErrors, validate } from '../../shared/validate.ts';
import {
  type ProductBody,
  type PromotionBody,
  useAddProduct,
  useCreatePromotion,
  useDeleteProduct,
  usePromotion,
  usePromotionStores,
  useUpdateProduct,
  useUpdatePromotion,
} from '../api/promotions.ts';
import { ProductsTable } from './parts.tsx';
import { PROMOTION_TEXTS, PROMOTIONS_PATH, promotionPath } from './texts.ts';

type StoreRef = { id: string; name: string };

/** Spec 7: the store dropdown searches after 1500 ms without typing. */
export const STORE_SEARCH_DEBOUNCE_MS = 1500;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A catalogue store, searched by name among the active ones; the chosen one stays listed whatever the search. The
 * kit's SearchSelect: its dropdown's code follows the form's first screen.
 */
function StoreSelect({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: StoreRef | null;
  onChange: (store: StoreRef | null) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  const settled = useDebounced(search, STORE_SEARCH_DEBOUNCE_MS);
  // Choosing a store puts its name in the box: that is not a new search.
  const stores = usePromotionStores(settled === value?.name ? '' : settled);
  const options = [...(value ? [value] : []), ...(stores.data ?? []).filter((s) => s.id !== value?.id)];
  return (
    <SearchSelect
      label={label}
      placeholder="Buscar loja pelo nome"
      clearable
      required={required ?? false}
      data={options.map((s) => ({ value: s.id, label: s.name }))}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((s) => s.id === id) ?? null)}
      nothingFoundMessage={stores.isFetching ? 'Buscando…' : 'Nenhuma loja encontrada'}
      error={error}
    />
  );
}

// ---------------------------------------------------------------- products

interface ProductDraft {
  name: string;
  description: string;
  url: string;
  image: string;
  basePrice: Cents | null;
  price: Cents | null;
  store: StoreRef | null;
}

const emptyProduct: ProductDraft = {
  name: '',
  description: '',
  url: '',
  image: '',
  basePrice: null,
  price: null,
  store: null,
};

const draftOf = (p: PromotionProduct): ProductDraft => ({
  name: p.name,
  description: p.description,
  url: p.url,
  image: p.image,
  basePrice: p.basePrice,
  price: p.price,
  store: p.store ?? { id: p.storeId, name: p.storeId },
});

/** The product as the call sends it (reais), checked with the contract the server parses it with. */
function productBody(d: ProductDraft): { ok: true; body: ProductBody } | { ok: false; errors: FieldErrors } {
  const wire = {
    name: d.name,
    description: d.description,
    url: d.url,
    image: d.image,
    basePrice: d.basePrice === null ? null : centsToReais(d.basePrice),
    price: d.price === null ? null : centsToReais(d.price),
    storeId: d.store?.id ?? '',
  };
  const checked = validate(PromotionProductRequest, wire);
  if (!checked.ok) return checked;
  return { ok: true, body: { ...wire, price: centsToReais(checked.value.price) } };
}

/** Spec 5's product form in a modal: add, or edit with the link fixed. */
function ProductModal({
  opened,
  editing,
  initial,
  onClose,
  onSave,
}: {
  opened: boolean;
  editing: boolean;
  initial: ProductDraft;
  onClose: () => void;
  /** Resolves true when saved (the modal closes); `store` is the chosen store, with its name. */
  onSave: (body: ProductBody, store: StoreRef) => Promise<boolean>;
}) {
  const form = useFormFields(initial);
  const { values: draft, setValues: setDraft, setErrors } = form;
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened) {
      setDraft(initial);
      setErrors({});
    }
  }, [opened, initial, setDraft, setErrors]);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The modal is in a portal in the DOM but inside the promotion's form in React's tree, where the submit event
    // bubbles on: without this, saving a product would submit the promotion too.
    event.stopPropagation();
    const checked = productBody(draft);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setSaving(true);
    try {
      if (await onSave(checked.body, draft.store ?? { id: checked.body.storeId, name: '' })) onClose();
    } finally {
      setSaving(false);
    }
  };
  const title = editing ? 'Editar produto' : 'Adicionar produto';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="lg">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="md">
          <TextInput label="Nome" required {...form.text('name')} />
          <Textarea label="Descrição" required minRows={3} {...form.text('description')} />
          <TextInput label="Link do produto" required disabled={editing} {...form.text('url')} />
          <TextInput label="Link da imagem" required {...form.text('image')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <MoneyInput label="Preço base" {...form.field('basePrice')} />
            <MoneyInput label="Preço" required {...form.field('price')} />
          </SimpleGrid>
          <StoreSelect label="Loja" required {...form.field('store', 'storeId')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              Salvar produto
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

// ---------------------------------------------------------------- the promotion form

interface PromotionValues {
  name: string;
  type: PromotionType;
  store: StoreRef | null;
  productsPageUrl: string;
  from: string;
  to: string;
  status: PromotionStatus;
}

/** Spec 5's defaults: from today, ACTIVE, PAGE_VIEW. */
const newPromotion = (): PromotionValues => ({
  name: '',
  type: 'PAGE_VIEW',
  store: null,
  productsPageUrl: '',
  from: todayInSaoPaulo(),
  to: '',
  status: 'ACTIVE',
});

const valuesOf = (p: Promotion): PromotionValues => ({
  name: p.name,
  type: p.type,
  store: p.store ?? (p.storeId ? { id: p.storeId, name: p.storeId } : null),
  productsPageUrl: p.productsPageUrl ?? '',
  from: p.from,
  to: p.to ?? '',
  status: p.status,
});

const bodyOf = (v: PromotionValues): Omit<PromotionBody, 'image'> => ({
  name: v.name,
  type: v.type,
  storeId: v.store?.id ?? null,
  productsPageUrl: v.productsPageUrl.trim() === '' ? null : v.productsPageUrl,
  from: v.from,
  to: v.to === '' ? null : v.to,
  status: v.status,
});

function PromotionForm({
  title,
  initial,
  currentImage,
  submitLabel,
  saving,
  error,
  failedTitle,
  onSubmit,
  onTypeChange,
  children,
}: {
  title: string;
  initial: PromotionValues;
  currentImage: string | null;
  submitLabel: string;
  saving: boolean;
  error: unknown;
  failedTitle: string;
  onSubmit: (body: Omit<PromotionBody, 'image'>, image: string | null) => void;
  onTypeChange?: (type: PromotionType) => void;
  children?: ReactNode;
}) {
  const form = useFormFields({ ...initial, image: null as string | null });
  const { values } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const checked = validate(CreatePromotionRequest, { ...body, image: values.image });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.setErrors({});
    onSubmit(body, values.image);
  };
  const pageView = values.type === 'PAGE_VIEW';
  return (
    <FormPage
      back={{ to: PROMOTIONS_PATH, label: 'Voltar para as promoções' }}
      title={title}
      submitLabel={submitLabel}
      saving={saving}
      onSubmit={submit}
      failure={{ title: failedTitle, error }}
    >
      <TextInput label="Nome" required {...form.text('name')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <ChoiceSelect
          label="Tipo"
          required
          data={PROMOTION_TYPES.map((t) => ({ value: t, label: PROMOTION_TYPE_OPTION_LABELS[t] }))}
          value={values.type}
          onChange={(t) => {
            const type = (t ?? 'PAGE_VIEW') as PromotionType;
            form.set('type', type);
            onTypeChange?.(type);
          }}
        />
        <ChoiceSelect
          label="Status"
          required
          data={PROMOTION_STATUSES.map((s) => ({ value: s, label: PROMOTION_STATUS_LABELS[s] }))}
          value={values.status}
          onChange={(s) => form.set('status', (s ?? 'ACTIVE') as PromotionStatus)}
        />
      </SimpleGrid>
      <StoreSelect label="Loja" required={pageView} {...form.field('store', 'storeId')} />
      <TextInput label="Link da página de produtos" required={pageView} {...form.text('productsPageUrl')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <DateField label="Data de início" required {...form.text('from')} />
        <DateField label="Data de término" description="Opcional" {...form.text('to')} />
      </SimpleGrid>
      <ImageUpload
        label="Imagem"
        description="Arquivo PNG"
        currentUrl={currentImage}
        {...form.field('image')}
      />
      {children}
    </FormPage>
  );
}

// ---------------------------------------------------------------- create

/** 'Criar promoção' (spec 2.2): the form and, for PRODUCT_VIEW, products added in a modal; then the details. */
export function PromotionCreatePage() {
  const navigate = useNavigate();
  const create = useCreatePromotion();
  const [type, setType] = useState<PromotionType>('PAGE_VIEW');
  const [products, setProducts] = useState<{ key: number; body: ProductBody; store: StoreRef }[]>([]);
  const [adding, setAdding] = useState(false);
  const [nextKey, setNextKey] = useState(1);
  const submit = async (promotion: Omit<PromotionBody, 'image'>, image: string | null) => {
    try {
      const outcome = await create.mutateAsync({
        promotion: { ...promotion, image },
        products: type === 'PRODUCT_VIEW' ? products.map((p) => p.body) : [],
      });
      if (outcome.productsFailed) notifyError(PROMOTION_TEXTS.createdWithoutProducts);
      await navigate(promotionPath(outcome.id));
    } catch {
      notifyError(PROMOTION_TEXTS.createFailed);
    }
  };
  return (
    <PromotionForm
      title="Criar promoção"
      initial={newPromotion()}
      currentImage={null}
      submitLabel="Criar"
      saving={create.isPending}
      error={create.error}
      failedTitle={PROMOTION_TEXTS.createFailed}
      onSubmit={(body, image) => void submit(body, image)}
      onTypeChange={setType}
    >
      {type === 'PRODUCT_VIEW' ? (
        <SectionCard
          title="Produtos"
          action={
            <Button variant="light" onClick={() => setAdding(true)}>
              Adicionar produto
            </Button>
          }
        >
          {products.length === 0 ? (
            <Text c="dimmed">Nenhum produto adicionado.</Text>
          ) : (
            <Stack gap="xs">
              {products.map((p) => (
                <Group key={p.key} justify="space-between" wrap="nowrap">
                  <Text>
                    {p.body.name} · {p.store.name}
                  </Text>
                  <ConfirmAction
                    size="xs"
                    color="red"
                    variant="light"
                    question={CONFIRMATIONS.removeProduct}
                    aria-label={`Remover ${p.body.name}`}
                    onConfirm={() => setProducts((list) => list.filter((x) => x.key !== p.key))}
                  >
                    Remover
                  </ConfirmAction>
                </Group>
              ))}
            </Stack>
          )}
          <ProductModal
            opened={adding}
            editing={false}
            initial={emptyProduct}
            onClose={() => setAdding(false)}
            onSave={async (body, store) => {
              setProducts((list) => [...list, { key: nextKey, body, store }]);
              setNextKey((k) => k + 1);
              return true;
            }}
          />
        </SectionCard>
      ) : null}
    </PromotionForm>
  );
}

// ---------------------------------------------------------------- edit

/** The edit page's products: add in a modal, edit, remove after confirmation (spec 2.2, 5, 8). */
function EditProducts({ promotion, reload }: { promotion: Promotion; reload: () => Promise<boolean> }) {
  const add = useAddProduct(promotion.id);
  const update = useUpdateProduct();
  const remove = useDeleteProduct();
  const [modal, setModal] = useState<{ product: PromotionProduct | null } | null>(null);
  const save = async (body: ProductBody): Promise<boolean> => {
    const product = modal?.product ?? null;
    try {
      if (product) {
        await update.mutateAsync({ ...body, id: product.id });
        notifySuccess(PROMOTION_TEXTS.productUpdated);
      } else {
        await add.mutateAsync(body);
        notifySuccess(PROMOTION_TEXTS.productCreated);
      }
    } catch {
      notifyError(PROMOTION_TEXTS.productUpdateFailed);
      return false;
    }
    await reload();
    return true;
  };
  const removeProduct = async (product: PromotionProduct) => {
    try {
      await remove.mutateAsync(product.id);
    } catch {
      notifyError(PROMOTION_TEXTS.productRemoveFailed);
      return;
    }
    notifySuccess(PROMOTION_TEXTS.productRemoved);
    // Spec 8: if reading the promotion again fails, the page reloads (no list that still shows the removed one).
    if (!(await reload())) reloadPage();
  };
  return (
    <SectionCard
      title="Produtos"
      action={
        <Button variant="light" onClick={() => setModal({ product: null })}>
          Adicionar produto
        </Button>
      }
    >
      {promotion.products.length === 0 ? (
        <Text c="dimmed">Nenhum produto nesta promoção.</Text>
      ) : (
        <ProductsTable
          products={promotion.products}
          actions={(p) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap" style={{ display: 'inline-flex' }}>
              <Button
                size="xs"
                variant="light"
                aria-label={`Editar ${p.name}`}
                onClick={() => setModal({ product: p })}
              >
                Editar
              </Button>
              <ConfirmAction
                size="xs"
                color="red"
                variant="light"
                aria-label={`Remover ${p.name}`}
                question={CONFIRMATIONS.removeProduct}
                onConfirm={() => removeProduct(p)}
              >
                Remover
              </ConfirmAction>
            </Group>
          )}
        />
      )}
      <ProductModal
        opened={modal !== null}
        editing={modal?.product != null}
        initial={modal?.product ? draftOf(modal.product) : emptyProduct}
        onClose={() => setModal(null)}
        onSave={save}
      />
    </SectionCard>
  );
}

function PromotionEdit({ promotion, reload }: { promotion: Promotion; reload: () => Promise<boolean> }) {
  const navigate = useNavigate();
  const update = useUpdatePromotion(promotion.id);
  const submit = async (body: Omit<PromotionBody, 'image'>, image: string | null) => {
    try {
      const outcome = await update.mutateAsync({ promotion: { ...body, id: promotion.id }, image });
      if (outcome.imageFailed) {
        notifyError(PROMOTION_TEXTS.editedWithoutImage);
        return;
      }
      notifySuccess(PROMOTION_TEXTS.edited);
      await navigate(promotionPath(promotion.id));
    } catch {
      notifyError(PROMOTION_TEXTS.editFailed);
    }
  };
  return (
    <PromotionForm
      title="Editar promoção"
      initial={valuesOf(promotion)}
      currentImage={promotion.image}
      submitLabel="Atualizar"
      saving={update.isPending}
      error={update.error}
      failedTitle={PROMOTION_TEXTS.editFailed}
      onSubmit={(body, image) => void submit(body, image)}
    >
      {/* The saved type decides: products belong to a promotion saved as PRODUCT_VIEW (docs/promotions.md). */}
      {promotion.type === 'PRODUCT_VIEW' ? <EditProducts promotion={promotion} reload={reload} /> : null}
    </PromotionForm>
  );
}

/** 'Editar promoção' (spec 2.2): loads the promotion by id, then the form and its products. */
export function PromotionEditPage() {
  const id = useParams().id ?? '';
  const promotion = usePromotion(id);
  if (promotion.isPending) return <PageLoader />;
  if (promotion.isError)
    return (
      <LoadError
        title={PROMOTION_TEXTS.loadFailed}
        error={promotion.error}
        onRetry={() => void promotion.refetch()}
      />
    );
  const reload = async () => !(await promotion.refetch()).isError;
  // A remount per promotion keeps each form's state its own.
  return <PromotionEdit key={id} promotion={promotion.data} reload={reload} />;
}
