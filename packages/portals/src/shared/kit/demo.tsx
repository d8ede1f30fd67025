/**
 * A stores list built from the kit, as the admin's 'Lista de Lojas (B2C)' will be: shared by the kit's stories and
 * tests (never imported by the app). `fetchPage` stands in for the API call.
 */
import { AdminUpdateUserRequest, type Cents, cents } from '@drip/core';
import { Button, Group, MantineProvider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Notifications } from '@mantine/notifications';
import {
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  useInfiniteQuery,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useLocation, useNavigate } from 'react-router';
import { ApiFailure } from '../api.ts';
import { TOAST_MS } from '../notify.ts';
import { theme } from '../theme.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import type { DataListColumn, ListPage } from './DataList.tsx';
import { DateFilter } from './DateFilter.tsx';
import { FormPage, useFormFields } from './FormPage.tsx';
import {
  DateField,
  FailureBanner,
  MASKS,
  MaskedTextInput,
  MoneyInput,
  PercentInput,
  valibotResolver,
} from './form.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { InfiniteList, nextPageParam } from './InfiniteList.tsx';
import { ListEntryForm, useReason } from './ListEntryForm.tsx';
import { ListHeader, linkColumn, WholeList } from './ListParts.tsx';
import { type ListQueryState, useListQuery } from './listQuery.ts';
import { PagedList } from './PagedList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { SearchSelect } from './SearchSelect.tsx';
import { StatusBadge } from './StatusBadge.tsx';

export interface DemoStore {
  id: string;
  name: string | null;
  origin: 'INTERNAL' | 'AWIN';
  status: 'ACTIVE' | 'DISABLED' | 'ARCHIVED';
}

export type StoreFilter = 'storeName' | 'onlyActiveStores';
export type FetchStores = (query: ListQueryState<StoreFilter>) => Promise<ListPage<DemoStore>>;

const STATUSES = ['ACTIVE', 'DISABLED', 'ARCHIVED'] as const;

export function demoStores(total: number): DemoStore[] {
  return Array.from({ length: total }, (_, i) => ({
    id: `store-${i + 1}`,
    name: i === 2 ? null : `Loja ${String(i + 1).padStart(3, '0')}`,
    origin: i % 4 === 1 ? 'AWIN' : 'INTERNAL',
    status: STATUSES[i % 3] ?? 'ACTIVE',
  }));
}

/**
 * The server's side of the demo: filters, then cuts the page out. With `cap`, counts as the merchant's orders list
 * does: at most `cap` results, and says so above it.
 */
export function pageOf(
  stores: readonly DemoStore[],
  query: ListQueryState<StoreFilter>,
  cap = Number.POSITIVE_INFINITY,
): ListPage<DemoStore> {
  const name = query.filters.storeName?.toLowerCase();
  const matching = stores.filter(
    (s) =>
      (name === undefined || (s.name ?? '').toLowerCase().includes(name)) &&
      (query.filters.onlyActiveStores !== 'true' || s.status === 'ACTIVE'),
  );
  const totalElements = Math.min(matching.length, cap);
  return {
    content: matching.slice(query.page * query.size, (query.page + 1) * query.size),
    number: query.page,
    totalPages: Math.ceil(totalElements / query.size),
    totalElements,
    totalCapped: matching.length > cap,
  };
}

export const fetchFrom =
  (stores: readonly DemoStore[], cap?: number): FetchStores =>
  async (query) =>
    pageOf(stores, query, cap);

export const failingWith =
  (status: number): FetchStores =>
  async () => {
    throw new ApiFailure({ kind: 'http', code: 'X', message: 'x', status });
  };

/** Spec 2.2: the name with '(AWIN)' when the store comes from AWIN, 'N/A' without a name. */
function storeName(store: DemoStore): string {
  const name = store.name ?? 'N/A';
  return store.origin === 'AWIN' ? `${name} (AWIN)` : name;
}

const columns: DataListColumn<DemoStore>[] = [
  { id: 'name', header: 'Nome', phone: 'title', cell: storeName },
  { id: 'status', header: 'Status', cell: (store) => <StatusBadge kind="store" status={store.status} /> },
  {
    id: 'details',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (store) => (
      <Button component={Link} to={`/lojas/${store.id}`} size="xs" variant="light">
        Detalhes
      </Button>
    ),
  },
];

/**
 * With `searchBox`, the name is searched through the kit's `SearchBox` (applied on 'Buscar', back to page 0) instead
 * of at every key.
 */
export function DemoStoreList({
  fetchStores,
  searchBox = false,
}: {
  fetchStores: FetchStores;
  searchBox?: boolean;
}) {
  const list = useListQuery<StoreFilter>(['storeName', 'onlyActiveStores']);
  const navigate = useNavigate();
  const state: ListQueryState<StoreFilter> = { page: list.page, size: list.size, filters: list.filters };
  const stores = useQuery({
    queryKey: ['demo-stores', state],
    queryFn: () => fetchStores(state),
    placeholderData: keepPreviousData,
    retry: false,
  });
  return (
    <Stack gap="md" p="md">
      <Group align="flex-end">
        {searchBox ? (
          <SearchBox
            list={list}
            filter="storeName"
            label="Buscar lojas"
            field={{
              label: 'Nome da loja',
              description: 'Parte do nome basta',
              placeholder: 'Buscar pelo nome',
            }}
          />
        ) : (
          <TextInput
            label="Nome da loja"
            value={list.filters.storeName ?? ''}
            onChange={(event) => list.setFilters({ storeName: event.currentTarget.value })}
          />
        )}
        <Switch
          label="Exibir somente lojas ativas"
          checked={list.filters.onlyActiveStores === 'true'}
          onChange={(event) =>
            list.setFilters({ onlyActiveStores: event.currentTarget.checked ? 'true' : undefined })
          }
        />
      </Group>
      <PagedList
        label="Lojas"
        columns={columns}
        query={stores}
        list={list}
        onRowClick={(store) => void navigate(`/lojas/${store.id}`)}
        errorTitle="Não foi possível carregar as lojas"
        empty={{
          searched: Boolean(list.filters.storeName || list.filters.onlyActiveStores),
          found: { title: 'Nenhuma loja encontrada', description: 'Mude os filtros para ver outras lojas.' },
          none: { title: 'Nenhuma loja para exibir', description: 'Cadastre uma loja para começar.' },
        }}
      />
    </Stack>
  );
}

/**
 * A risk list's form (the admin's block, whitelist and negotiation screens): CPFs and a reason; 'Adicionar' checks
 * the input, 'Remover' asks first. `onAdd` and `onRemove` stand in for the calls.
 */
export function DemoListEntry({
  onAdd,
  onRemove,
  reasons = { data: ['Fraude', 'Outro'], isPending: false, isError: false },
}: {
  onAdd: (cpfs: string, reason: string | null) => void;
  onRemove: (cpfs: string) => unknown;
  reasons?: { data?: string[]; isPending: boolean; isError: boolean };
}) {
  const [cpfs, setCpfs] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const why = useReason();
  const check = () => {
    setProblem(cpfs.trim() === '' ? 'Informe ao menos um CPF' : null);
    return cpfs.trim() !== '';
  };
  return (
    <ListEntryForm
      title="Lista de exemplo"
      problem={problem}
      submit={{ label: 'Adicionar', onSubmit: () => check() && onAdd(cpfs, why.value), pending: false }}
      remove={{ label: 'Remover', onConfirm: () => onRemove(cpfs), canOpen: check }}
    >
      <ListEntryForm.Values label="CPFs" value={cpfs} onChange={setCpfs} />
      <ListEntryForm.Reason
        state={why}
        options={reasons}
        label="Motivo"
        loadError="Não foi possível carregar os motivos"
      />
    </ListEntryForm>
  );
}

/** A short list the API answers whole (the catalogue's tags), with its header, a way back and an add button. */
export function DemoWholeList({ fetchAll }: { fetchAll: () => Promise<DemoStore[]> }) {
  const stores = useQuery({ queryKey: ['demo-whole-list'], queryFn: fetchAll, retry: false });
  return (
    <Stack gap="lg" p="md">
      <ListHeader
        title="Tags"
        description="Todas as tags, sem paginação."
        back={{ to: '/lojas', label: 'Voltar para as lojas' }}
        add={{ to: '/tags/create', label: 'Adicionar Tag' }}
      />
      <WholeList
        label="Tags"
        columns={[
          { id: 'name', header: 'Nome', phone: 'title', cell: storeName },
          { id: 'status', header: 'Status', cell: (s) => <StatusBadge kind="store" status={s.status} /> },
          linkColumn<DemoStore>({
            label: 'Editar',
            to: (s) => `/tags/${s.id}`,
            ariaLabel: (s) => `Editar ${storeName(s)}`,
          }),
        ]}
        query={stores}
        getRowId={(s) => s.id}
        rowPath={(s) => `/tags/${s.id}`}
        minWidth={420}
        errorTitle="Não foi possível carregar as tags"
        empty={{ title: 'Nenhuma tag para exibir', description: 'Cadastre uma tag para começar.' }}
      />
    </Stack>
  );
}

/** The extract's infinite scroll over the same pages. */
export function DemoInfiniteStores({ fetchStores }: { fetchStores: FetchStores }) {
  const stores = useInfiniteQuery({
    queryKey: ['demo-infinite-stores'],
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      fetchStores({ page: pageParam, size: 10, filters: {} as ListQueryState<StoreFilter>['filters'] }),
    getNextPageParam: nextPageParam,
    retry: false,
  });
  return (
    <InfiniteList
      label="Lojas"
      query={stores}
      getRowId={(store) => store.id}
      renderItem={(store) => (
        <Group justify="space-between" p="sm">
          <Text>{storeName(store)}</Text>
          <StatusBadge kind="store" status={store.status} />
        </Group>
      )}
      errorTitle="Não foi possível carregar as lojas"
      empty={{ title: 'Nenhuma loja encontrada', description: 'Ainda não há lojas.' }}
    />
  );
}

/** Where the demo is (the URL query of the list), printed for tests and stories. */
/** A list's date range kept in the URL (the line below the harness shows it): 'De' and 'Até'. */
export function DemoDateFilters() {
  const list = useListQuery(['from', 'to']);
  return (
    <Group p="md" align="flex-start">
      <DateFilter
        label="De"
        value={list.filters.from}
        max={list.filters.to}
        onChange={(from) => list.setFilters({ from })}
      />
      <DateFilter
        label="Até"
        value={list.filters.to}
        min={list.filters.from}
        onChange={(to) => list.setFilters({ to })}
      />
    </Group>
  );
}

function LocationLine() {
  const location = useLocation();
  return (
    <Text size="xs" c="dimmed" px="md" data-testid="location">
      {`${location.pathname}${location.search}`}
    </Text>
  );
}

/** Mantine (Drip theme, bottom toasts), TanStack Query and a memory router at `path`, as the portals app. */
export function KitHarness({
  path = '/lojas',
  env = 'default',
  children,
}: {
  path?: string;
  env?: 'default' | 'test';
  children: ReactNode;
}) {
  const [app] = useState(() => ({
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    router: createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <>
              {children}
              <LocationLine />
            </>
          ),
        },
      ],
      { initialEntries: [path] },
    ),
  }));
  return (
    <MantineProvider theme={theme} env={env}>
      <Notifications position="bottom-center" autoClose={TOAST_MS} />
      <QueryClientProvider client={app.queryClient}>
        <RouterProvider router={app.router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** A form built from the kit's form parts, validated by a contract schema (the admin profile's). */
export function DemoForm({ submit }: { submit: (values: DemoFormValues) => Promise<void> }) {
  const form = useForm<DemoFormValues>({
    initialValues: { username: '', currentPassword: '', newPassword: '' },
    validate: valibotResolver(AdminUpdateUserRequest),
  });
  const [amount, setAmount] = useState<Cents | null>(cents(1999));
  const [rate, setRate] = useState<number | null>(0.05);
  const [cpf, setCpf] = useState('');
  const [pixKeyType, setPixKeyType] = useState<string | null>(null);
  const save = useMutation({ mutationFn: submit });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="sm" p="md" maw={420}>
        <FailureBanner title="Não foi possível atualizar" error={save.error} />
        <TextInput label="E-mail" {...form.getInputProps('username')} />
        <TextInput label="Senha atual" type="password" {...form.getInputProps('currentPassword')} />
        <TextInput label="Nova senha" type="password" {...form.getInputProps('newPassword')} />
        <MaskedTextInput label="CPF" mask={MASKS.cpf} onValueChange={setCpf} />
        <MoneyInput label="Limite máximo do pedido" value={amount} onChange={setAmount} />
        <PercentInput label="Cashback (%)" value={rate} onChange={setRate} />
        <ChoiceSelect
          label="Tipo de chave PIX"
          clearable
          data={[
            { value: 'CNPJ', label: 'CNPJ' },
            { value: 'EMAIL', label: 'E-mail' },
          ]}
          value={pixKeyType}
          onChange={setPixKeyType}
        />
        <DateField label="Data de expiração" />
        <Text size="xs" c="dimmed" data-testid="form-state">
          {`cpf=${cpf} centavos=${amount ?? ''} fração=${rate ?? ''} pix=${pixKeyType ?? ''}`}
        </Text>
        <Button type="submit" loading={save.isPending}>
          Atualizar
        </Button>
      </Stack>
    </form>
  );
}

export interface DemoFormValues {
  username: string;
  currentPassword: string;
  newPassword: string;
}

const DEMO_STORES = ['Loja Pitanga', 'Casa Aurora', 'Empório Jacarandá', 'Loja Buriti'].map((name, i) => ({
  value: `loja-${i + 1}`,
  label: name,
}));

/**
 * A form page of the kit (FormPage, useFormFields): a name, a store searched in the kit's SearchSelect, an amount, a
 * date and an image, checked before the submit as the admin's promotion and tag forms do.
 */
export function DemoFormPage({ failed = false }: { failed?: boolean }) {
  const form = useFormFields({
    name: '',
    store: null as string | null,
    price: null as Cents | null,
    from: '2026-12-01',
    image: null as string | null,
  });
  const [search, setSearch] = useState('');
  const [error, setError] = useState<unknown>(null);
  const found = DEMO_STORES.filter(
    (s) => s.value === form.values.store || s.label.toLowerCase().includes(search.toLowerCase()),
  );
  return (
    <FormPage
      back={{ to: '/lojas', label: 'Voltar para as promoções' }}
      title="Criar promoção"
      submitLabel="Criar"
      saving={false}
      failure={{ title: 'Ocorreu um erro ao criar as promoções', error }}
      onSubmit={(event) => {
        event.preventDefault();
        const errors: Record<string, string> = {};
        if (form.values.name.trim() === '') errors.name = 'Nome é obrigatório';
        if (form.values.store === null) errors.storeId = 'Loja é obrigatória';
        form.setErrors(errors);
        if (Object.keys(errors).length === 0 && failed)
          setError(new ApiFailure({ kind: 'http', code: 'X', message: 'x', status: 500 }));
      }}
    >
      <TextInput label="Nome" required {...form.text('name')} />
      <SearchSelect
        label="Loja"
        placeholder="Buscar loja pelo nome"
        required
        clearable
        data={found}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="Nenhuma loja encontrada"
        {...form.field('store', 'storeId')}
      />
      <MoneyInput label="Preço" {...form.field('price')} />
      <DateField label="Data de início" required {...form.text('from')} />
      <ImageUpload label="Imagem" description="Arquivo PNG" {...form.field('image')} />
    </FormPage>
  );
}
