/**
 * The B2C stores of the catalogue (spec 2.2): the list with its filters, the details with archive and
 * enable/disable (each confirmed), and the create/edit form. One module for the four routes (admin/routes.tsx).
 */
import {
  type Category,
  CreateStoreRequest,
  formatPercent,
  STORE_ORIGINS,
  STORE_PLATFORMS,
  type Store,
  type StoreStatus,
  UpdateStoreRequest,
} from '@drip/core';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ConfirmAction,
  DataList,
  type DataListColumn,
  DetailList,
  FailureBanner,
  ImageInput,
  LoadError,
  notifyError,
  notifySuccess,
  PageLoader,
  PercentInput,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { validate } from '../../shared/validate.ts';
import {
  useAdminCategories,
  useAdminStore,
  useAdminStores,
  useSaveStore,
  useStoreStatus,
} from '../api/catalogue.ts';
import {
  CATEGORIES_PATH,
  PLATFORM_LABELS,
  STORE_MESSAGES,
  STORE_TEXTS,
  STORES_PATH,
  storePath,
  TAGS_PATH,
} from './texts.ts';

/** Spec 9: store management pages by 20. */
export const STORE_PAGE_SIZE = 20;

interface StoreRow {
  id: string;
  name: string;
  origin: string;
  status: string;
}

/** Spec 2.2: the name, with '(AWIN)' for an AWIN store, 'N/A' without a name. */
export function storeLabel(store: { name: string; origin: string }): string {
  const name = store.name.trim() === '' ? 'N/A' : store.name;
  return store.origin === 'AWIN' ? `${name} (AWIN)` : name;
}

function NameSearch({ value, onSearch }: { value: string | undefined; onSearch: (name: string) => void }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Buscar lojas">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={STORE_TEXTS.search}
          placeholder="Buscar pelo nome"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" variant="light">
          Buscar
        </Button>
      </Group>
    </form>
  );
}

/**
 * 'Lista de Lojas (B2C)': only the active stores unless the switch is turned off (`onlyActiveStores=false`), a
 * search by name, 20 per page; any filter change goes back to page 0; a row opens the store.
 */
export function StoresPage() {
  const navigate = useNavigate();
  const list = useListQuery(['storeName', 'onlyActiveStores'] as const, STORE_PAGE_SIZE);
  const onlyActive = list.filters.onlyActiveStores !== 'false';
  const stores = useAdminStores({
    page: list.page,
    size: list.size,
    status: onlyActive ? 'ACTIVE' : undefined,
    storeName: list.filters.storeName,
  });
  const columns: DataListColumn<StoreRow>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: storeLabel },
    {
      id: 'status',
      header: 'Status',
      cell: (s) => <StatusBadge kind="store" status={s.status} />,
    },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (s) => (
        <Button
          component={Link}
          to={storePath(s.id)}
          size="xs"
          variant="light"
          aria-label={`Detalhes de ${storeLabel(s)}`}
        >
          Detalhes
        </Button>
      ),
    },
  ];
  const filtered = list.filters.storeName !== undefined;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{STORE_TEXTS.list}</Title>
        <Group gap="sm" wrap="wrap">
          <Button component={Link} to={CATEGORIES_PATH} variant="default">
            {STORE_TEXTS.categories}
          </Button>
          <Button component={Link} to={TAGS_PATH} variant="default">
            {STORE_TEXTS.tags}
          </Button>
          <Button component={Link} to={`${STORES_PATH}/create`}>
            {STORE_TEXTS.add}
          </Button>
        </Group>
      </Group>
      <Group gap="lg" align="flex-end" wrap="wrap">
        <NameSearch value={list.filters.storeName} onSearch={(storeName) => list.setFilters({ storeName })} />
        <Switch
          label={STORE_TEXTS.onlyActive}
          checked={onlyActive}
          onChange={(event) =>
            list.setFilters({ onlyActiveStores: event.currentTarget.checked ? undefined : 'false' })
          }
        />
      </Group>
      <DataList
        label="Lojas"
        columns={columns}
        query={stores}
        getRowId={(s) => s.id}
        onPageChange={list.setPage}
        onRowClick={(s) => void navigate(storePath(s.id))}
        skeletonRows={10}
        minWidth={520}
        errorTitle="Não foi possível carregar as lojas"
        empty={{
          title: filtered ? 'Nenhuma loja encontrada' : 'Nenhuma loja para exibir',
          description: filtered
            ? 'Nenhuma loja tem esse nome. Tente outra busca.'
            : onlyActive
              ? 'Não há lojas ativas. Desligue o filtro para ver todas.'
              : 'Cadastre uma loja para começar.',
        }}
      />
    </Stack>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar a loja"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending || query.data === undefined) return <PageLoader />;
  return <>{children(query.data)}</>;
}

const percent = (fraction: number) => formatPercent(fraction);

/** The store's categories as 'Categoria (Sub A, Sub B)'. */
function categoriesText(store: Store): string | null {
  if (store.categories.length === 0) return null;
  return store.categories
    .map((c) =>
      c.subCategory.length ? `${c.name} (${c.subCategory.map((s) => s.name).join(', ')})` : c.name,
    )
    .join('; ');
}

function StoreActions({ store }: { store: Store }) {
  const status = useStoreStatus(store.id);
  const change = async (newStatus: StoreStatus, success: string, failure: string) => {
    try {
      await status.mutateAsync(newStatus);
      notifySuccess(success);
    } catch {
      notifyError(failure);
    }
  };
  const active = store.status === 'ACTIVE';
  return (
    <Group gap="sm" wrap="wrap">
      {store.status !== 'ARCHIVED' ? (
        <ConfirmAction
          color="red"
          variant="light"
          onConfirm={() => change('ARCHIVED', STORE_MESSAGES.archived, STORE_MESSAGES.archiveFailed)}
        >
          {STORE_TEXTS.archive}
        </ConfirmAction>
      ) : null}
      <ConfirmAction
        variant="light"
        onConfirm={() =>
          active
            ? change('DISABLED', STORE_MESSAGES.disabled, STORE_MESSAGES.disableFailed)
            : change('ACTIVE', STORE_MESSAGES.enabled, STORE_MESSAGES.enableFailed)
        }
      >
        {active ? STORE_TEXTS.disable : STORE_TEXTS.enable}
      </ConfirmAction>
      <Button component={Link} to={`${storePath(store.id)}/edit`}>
        {STORE_TEXTS.editButton}
      </Button>
    </Group>
  );
}

/** Spec 2.2's store details, every field ('N/A' when empty), with archive, enable/disable and edit. */
export function StoreDetailsPage() {
  const { storeId = '' } = useParams();
  const query = useAdminStore(storeId);
  return (
    <Loaded query={query}>
      {(store) => (
        <Stack gap="lg">
          <Anchor component={Link} to={STORES_PATH} size="sm">
            Voltar para as lojas
          </Anchor>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2}>{STORE_TEXTS.details}</Title>
            <StoreActions store={store} />
          </Group>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Loja">
            <DetailList
              items={[
                { label: 'ID', value: store.id },
                { label: 'Nome', value: store.name },
                { label: 'Abreviação do nome', value: store.merchantInitials },
                {
                  label: 'Imagem',
                  value: store.logoUrl ? (
                    <Anchor href={store.logoUrl} target="_blank" rel="noreferrer">
                      Ver imagem
                    </Anchor>
                  ) : null,
                },
                { label: 'Categorias', value: categoriesText(store) },
                { label: 'Tipo de integração', value: store.integrationType },
                {
                  label: 'Link da loja',
                  value: (
                    <Anchor href={store.url} target="_blank" rel="noreferrer">
                      {store.url}
                    </Anchor>
                  ),
                },
                { label: 'Origem', value: store.origin },
                { label: 'Plataforma', value: PLATFORM_LABELS[store.platform] },
                { label: 'Desconto mínimo', value: percent(store.minimumCashback) },
                { label: 'Oferece desconto Pix', value: store.offerPixDiscount },
                { label: 'Cashback', value: percent(store.customerCashback) },
                { label: 'Taxa', value: percent(store.tax) },
                { label: 'Status', value: <StatusBadge kind="store" status={store.status} /> },
                { label: 'Tags', value: store.tags.map((t) => t.name).join(', ') },
              ]}
            />
          </Paper>
        </Stack>
      )}
    </Loaded>
  );
}

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
              <Select
                label="Origem"
                required
                data={[...STORE_ORIGINS]}
                value={values.origin}
                onChange={(value) => set('origin', value)}
                error={errors.origin}
              />
              <Select
                label="Plataforma"
                data={STORE_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }))}
                value={values.platform}
                onChange={(value) => set('platform', value ?? 'WEB')}
                error={errors.platform}
                allowDeselect={false}
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
                        <Select
                          label={`Categoria ${index + 1}`}
                          placeholder="Escolha a categoria"
                          data={categories
                            .filter((c) => !takenElsewhere.has(c.id))
                            .map((c) => ({ value: c.id, label: c.name }))}
                          value={row.categoryId}
                          onChange={(value) => setRow(row.key, { categoryId: value, subIds: [] })}
                          searchable
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
            <ImageInput
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
