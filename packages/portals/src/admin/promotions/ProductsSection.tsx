import {
  type Cents,
  centsToReais,
  type Promotion,
  type PromotionProduct,
  PromotionProductRequest,
} from '@drip/core';
import { Button, Group, Modal, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type Dispatch, type FormEvent, type SetStateAction, useEffect, useState } from 'react';
import {
  CONFIRMATIONS,
  ConfirmAction,
  MoneyInput,
  notifyError,
  notifySuccess,
  SectionCard,
  useFormFields,
} from '../../shared/kit/index.ts';
import { reloadPage } from '../../shared/reloadPage.ts';
import { type FieldErrors, validate } from '../../shared/validate.ts';
import { type ProductBody, useAddProduct, useDeleteProduct, useUpdateProduct } from '../api/promotions.ts';
import { ProductsTable } from './parts.tsx';
import { type StoreRef, StoreSelect } from './StoreSelect.tsx';
import { PROMOTION_TEXTS } from './texts.ts';

/**
 * The products of a PRODUCT_VIEW promotion (spec 2.2, 5, 8), a chunk of their own: the promotion form fetches it
 * when the promotion is (or becomes) PRODUCT_VIEW, so the form's first screen carries no modal, no table and no
 * confirmation.
 */

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

/** A product added on the create page, kept by the page until the promotion is created. */
export interface NewProduct {
  key: number;
  body: ProductBody;
  store: StoreRef;
}

/** The create page's products: added in a modal, removed after confirmation, sent with the promotion. */
export function CreateProducts({
  products,
  setProducts,
}: {
  products: NewProduct[];
  setProducts: Dispatch<SetStateAction<NewProduct[]>>;
}) {
  const [adding, setAdding] = useState(false);
  return (
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
          setProducts((list) => [...list, { key: (list.at(-1)?.key ?? 0) + 1, body, store }]);
          return true;
        }}
      />
    </SectionCard>
  );
}

/** The edit page's products: add in a modal, edit, remove after confirmation (spec 2.2, 5, 8). */
export function EditProducts({
  promotion,
  reload,
}: {
  promotion: Promotion;
  reload: () => Promise<boolean>;
}) {
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
