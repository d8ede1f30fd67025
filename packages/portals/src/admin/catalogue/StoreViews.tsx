/**
 * The B2C stores of the catalogue (spec 2.2): the list with its filters, and the details with archive and
 * enable/disable, each confirmed. The form is in StoreForm.tsx (another lazy module, admin/routes.tsx).
 */
import { formatPercent, type Store, type StoreStatus } from '@drip/core';
import { Anchor, Button, Group, Paper, Stack, Switch, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ConfirmAction,
  DataList,
  type DataListColumn,
  DetailList,
  LoadError,
  notifyError,
  notifySuccess,
  PageLoader,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { useAdminStore, useAdminStores, useStoreStatus } from '../api/catalogue.ts';
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

export function Loaded<T>({
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
