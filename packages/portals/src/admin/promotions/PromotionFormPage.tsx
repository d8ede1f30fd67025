import {
  CreatePromotionRequest,
  PROMOTION_STATUS_LABELS,
  PROMOTION_STATUSES,
  PROMOTION_TYPE_OPTION_LABELS,
  PROMOTION_TYPES,
  type Promotion,
  type PromotionStatus,
  type PromotionType,
  todayInSaoPaulo,
} from '@drip/core';
import { SimpleGrid, TextInput } from '@mantine/core';
import { type FormEvent, lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  DateField,
  FormPage,
  ImageUpload,
  LoadError,
  notifyError,
  notifySuccess,
  PageLoader,
  useFormFields,
} from '../../shared/kit/index.ts';
import { validate } from '../../shared/validate.ts';
import {
  type PromotionBody,
  useCreatePromotion,
  usePromotion,
  useUpdatePromotion,
} from '../api/promotions.ts';
import type { NewProduct } from './ProductsSection.tsx';
import { type StoreRef, StoreSelect } from './StoreSelect.tsx';
import { PROMOTION_TEXTS, PROMOTIONS_PATH, promotionPath } from './texts.ts';

export { STORE_SEARCH_DEBOUNCE_MS } from './StoreSelect.tsx';

// The products' section (modal, table, confirmations) follows the form: in its own boundary, so that its arrival
// never replaces the form being typed into.
const CreateProducts = lazy(() =>
  import('./ProductsSection.tsx').then((m) => ({ default: m.CreateProducts })),
);
const EditProducts = lazy(() => import('./ProductsSection.tsx').then((m) => ({ default: m.EditProducts })));

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
  const [products, setProducts] = useState<NewProduct[]>([]);
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
        <Suspense fallback={null}>
          <CreateProducts products={products} setProducts={setProducts} />
        </Suspense>
      ) : null}
    </PromotionForm>
  );
}

// ---------------------------------------------------------------- edit

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
      {promotion.type === 'PRODUCT_VIEW' ? (
        <Suspense fallback={null}>
          <EditProducts promotion={promotion} reload={reload} />
        </Suspense>
      ) : null}
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
