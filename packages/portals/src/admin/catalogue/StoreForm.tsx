/** The store create ('Nova loja') and edit ('Atualizar loja') form of spec 2.2, with the rules of spec 5. */
import {
  type Category,
  CreateStoreRequest,
  STORE_ORIGINS,
  STORE_PLATFORMS,
  type Store,
  UpdateStoreRequest,
} from '@drip/core';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  FailureBanner,
  ImageUpload,
  LoadError,
  notifySuccess,
  PageLoader,
  PercentInput,
} from '../../shared/kit/index.ts';
import { validate } from '../../shared/validate.ts';
import { useAdminCategories, useAdminStore, useSaveStore } from '../api/catalogue.ts';
import { Loaded } from './Loaded.tsx';
import { PLATFORM_LABELS, STORE_MESSAGES, STORE_TEXTS, STORES_PATH, storePath } from './texts.ts';

// ------------------------------------------------------------------ form

interface CategoryRow {
  /** A stable key for React while rows come and go. */
  key: number;
  categoryId: string | null;
  subIds: string[];
}

interface Values {
  name: string;
  url: string;
  origin: string | null;
  platform: string;
  minimumCashback: number | null;
  merchantInitials: string;
  customerCashback: number | null;
  tax: number | null;
  offerPixDiscount: boolean;
  rows: CategoryRow[];
  tagIds: string[];
  logo: string | null;
}

let rowKey = 0;
const emptyRow = (): CategoryRow => ({ key: ++rowKey, categoryId: null, subIds: [] });

function initialValues(store: Store | undefined): Values {
  return {
    name: store?.name ?? '',
    url: store?.url ?? '',
    origin: store?.origin ?? null,
    platform: store?.platform ?? 'WEB',
    minimumCashback: store?.minimumCashback ?? null,
    merchantInitials: store?.merchantInitials ?? '',
    customerCashback: store?.customerCashback ?? null,
    tax: store?.tax ?? null,
    offerPixDiscount: store?.offerPixDiscount ?? false,
    rows: store?.categories.length
      ? store.categories.map((c) => ({
          key: ++rowKey,
          categoryId: c.id,
          subIds: c.subCategory.map((s) => s.id),
        }))
      : [emptyRow()],
    tagIds: store?.tags.map((t) => t.id) ?? [],
    logo: null,
  };
}

/** The tags the chosen categories offer (spec 2.2: the tag checkboxes show only when there are some). */
function tagsOf(categories: readonly Category[], rows: readonly CategoryRow[]) {
  const chosen = new Set(rows.map((r) => r.categoryId));
  const seen = new Map<string, string>();
  for (const c of categories) if (chosen.has(c.id)) for (const t of c.tags) seen.set(t.id, t.name);
  return [...seen].map(([id, name]) => ({ id, name }));
}

function StoreForm({ store, categories }: { store?: Store; categories: readonly Category[] }) {
  const navigate = useNavigate();
  const save = useSaveStore(store?.id);
  const [values, setValues] = useState(() => initialValues(store));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((prev) => ({ ...prev, [key]: value }));
  const setRow = (key: number, change: Partial<CategoryRow>) =>
    setValues((prev) => ({
      ...prev,
      rows: prev.rows.map((r) => (r.key === key ? { ...r, ...change } : r)),
    }));
  const editing = store !== undefined;
  const title = editing ? STORE_TEXTS.edit : STORE_TEXTS.create;
  const availableTags = tagsOf(categories, values.rows);
  const lastRow = values.rows.at(-1);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const available = new Set(availableTags.map((t) => t.id));
    const body = {
      name: values.name,
      url: values.url,
      origin: values.origin ?? '',
      platform: values.platform,
      minimumCashback: values.minimumCashback,
      merchantInitials: values.merchantInitials,
      customerCashback: values.customerCashback,
      tax: values.tax,
      offerPixDiscount: values.offerPixDiscount,
      // Not on the form (spec 2.2 shows it in the details only): an edit keeps what the store has.
      integrationType: store?.integrationType ?? null,
      categoriesIds: values.rows.flatMap((r) => (r.categoryId ? [r.categoryId, ...r.subIds] : [])),
      tagsIds: values.tagIds.filter((id) => available.has(id)),
      // Spec 5: the logo is required on create; on edit the current one stays when none is chosen.
      logo: values.logo ?? (editing ? store.logoUrl : '') ?? '',
      ...(editing ? { id: store.id } : {}),
    };
    const checked = editing ? validate(UpdateStoreRequest, body) : validate(CreateStoreRequest, body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(checked.value);
      notifySuccess(editing ? STORE_MESSAGES.updated : STORE_MESSAGES.created);
      await navigate(STORES_PATH);
    } catch {
      // The banner shows the failure with its status (save.error).
    }
  };

  const percentField = (key: 'minimumCashback' | 'customerCashback' | 'tax', label: string) => (
    <PercentInput
      label={label}
      required
      min={0}
      value={values[key]}
      onChange={(fraction) => set(key, fraction)}
      error={errors[key]}
    />
  );

  return (
    <Stack gap="lg" maw={880}>
      <Anchor component={Link} to={store ? storePath(store.id) : STORES_PATH} size="sm">
        {store ? 'Voltar para a loja' : 'Voltar para as lojas'}
      </Anchor>
      <Title order={2}>{title}</Title>
      <FailureBanner
        title={editing ? STORE_MESSAGES.editFailed : STORE_MESSAGES.createFailed}
        error={save.error}
      />
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={title}>
        <Stack gap="lg">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Nome"
                required
                value={values.name}
                onChange={(e) => set('name', e.currentTarget.value)}
                error={errors.name}
              />
              <TextInput
                label="Link da loja"
                required
                type="url"
                value={values.url}
                onChange={(e) => set('url', e.currentTarget.value)}
                error={errors.url}
              />
              <ChoiceSelect
                label="Origem"
                required
                data={[...STORE_ORIGINS]}
                value={values.origin}
                onChange={(value) => set('origin', value)}
                error={errors.origin}
              />
              <ChoiceSelect
                label="Plataforma"
                data={STORE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
                value={values.platform}
                onChange={(value) => set('platform', value ?? 'WEB')}
                error={errors.platform}
              />
              {percentField('minimumCashback', 'Desconto mínimo (%)')}
              <TextInput
                label="Abreviação do nome"
                required
                maxLength={2}
                value={values.merchantInitials}
                onChange={(e) => set('merchantInitials', e.currentTarget.value)}
                error={errors.merchantInitials}
              />
              {percentField('customerCashback', 'Cashback (%)')}
              {percentField('tax', 'Taxa (%)')}
              <Radio.Group
                label={STORE_TEXTS.offerPixDiscount}
                value={values.offerPixDiscount ? 'yes' : 'no'}
                onChange={(value) => set('offerPixDiscount', value === 'yes')}
              >
                <Group gap="lg" mt="xs">
                  <Radio value="yes" label="Sim" />
                  <Radio value="no" label="Não" />
                </Group>
              </Radio.Group>
            </SimpleGrid>
          </Paper>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-label="Categorias"
          >
            <Stack gap="md">
              <Title order={3} size="h4">
                Categorias
              </Title>
              {errors.categoriesIds ? (
                <Text c="red" size="sm">
                  {errors.categoriesIds}
                </Text>
              ) : null}
              {values.rows.map((row, index) => {
                const category = categories.find((c) => c.id === row.categoryId);
                const takenElsewhere = new Set(
                  values.rows.filter((r) => r.key !== row.key).map((r) => r.categoryId),
                );
                return (
                  <Paper key={row.key} withBorder radius="md" p="sm">
                    <Stack gap="sm">
                      <Group align="flex-end" wrap="wrap">
                        <ChoiceSelect
                          label={`Categoria ${index + 1}`}
                          placeholder="Escolha a categoria"
                          data={categories
                            .filter((c) => !takenElsewhere.has(c.id))
                            .map((c) => ({ value: c.id, label: c.name }))}
                          value={row.categoryId}
                          onChange={(value) => setRow(row.key, { categoryId: value, subIds: [] })}
                          style={{ flex: 1, minWidth: 220 }}
                        />
                        <Button
                          variant="subtle"
                          color="red"
                          disabled={values.rows.length <= 1}
                          aria-label={`Remover categoria ${index + 1}`}
                          onClick={() =>
                            setValues((prev) => ({
                              ...prev,
                              rows: prev.rows.filter((r) => r.key !== row.key),
                            }))
                          }
                        >
                          Remover
                        </Button>
                      </Group>
                      {category && category.subCategory.length > 0 ? (
                        <Checkbox.Group
                          label="Subcategorias"
                          value={row.subIds}
                          onChange={(subIds) => setRow(row.key, { subIds })}
                        >
                          <Group gap="md" mt="xs">
                            {category.subCategory.map((s) => (
                              <Checkbox key={s.id} value={s.id} label={s.name} />
                            ))}
                          </Group>
                        </Checkbox.Group>
                      ) : null}
                    </Stack>
                  </Paper>
                );
              })}
              <Group>
                <Button
                  variant="light"
                  // Spec 5: a row is added only when the last one has its category.
                  disabled={!lastRow?.categoryId}
                  onClick={() => setValues((prev) => ({ ...prev, rows: [...prev.rows, emptyRow()] }))}
                >
                  Adicionar categoria
                </Button>
              </Group>
              {availableTags.length > 0 ? (
                <Checkbox.Group
                  label="Tags"
                  value={values.tagIds}
                  onChange={(tagIds) => set('tagIds', tagIds)}
                >
                  <Group gap="md" mt="xs">
                    {availableTags.map((t) => (
                      <Checkbox key={t.id} value={t.id} label={t.name} />
                    ))}
                  </Group>
                </Checkbox.Group>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
            <ImageUpload
              label="Imagem"
              required={!editing}
              value={values.logo}
              onChange={(logo) => set('logo', logo)}
              currentUrl={store?.logoUrl}
              error={errors.logo}
              description={editing ? 'Sem uma nova imagem, a atual é mantida.' : 'PNG'}
            />
          </Paper>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {editing ? 'Atualizar' : 'Criar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/** The form needs every category (a store may keep a disabled one) with its subcategories and tags. */
function WithCategories({ children }: { children: (categories: readonly Category[]) => ReactNode }) {
  const categories = useAdminCategories('ALL');
  if (categories.isError)
    return (
      <LoadError
        title="Não foi possível carregar as categorias"
        error={categories.error}
        onRetry={() => void categories.refetch()}
      />
    );
  if (categories.isPending) return <PageLoader />;
  return <>{children(categories.data)}</>;
}

export function StoreCreatePage() {
  return <WithCategories>{(categories) => <StoreForm categories={categories} />}</WithCategories>;
}

export function StoreEditPage() {
  const { storeId = '' } = useParams();
  const query = useAdminStore(storeId);
  return (
    <Loaded query={query}>
      {(store) => (
        <WithCategories>
          {(categories) => <StoreForm key={store.id} store={store} categories={categories} />}
        </WithCategories>
      )}
    </Loaded>
  );
}
