/**
 * 'Lista de Lojas (B2C)' (spec 2.2) with its filters. The details are in StoreDetails.tsx and the form in
 * StoreForm.tsx (other lazy modules, admin/routes.tsx).
 */
import { Button, Group, Stack, Switch } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import {
  DataList,
  type DataListColumn,
  ListHeader,
  linkColumn,
  SearchBox,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { useAdminStores } from '../api/catalogue.ts';
import { CATEGORIES_PATH, STORE_TEXTS, STORES_PATH, storePath, TAGS_PATH } from './texts.ts';

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
    linkColumn({
      label: 'Detalhes',
      to: (s) => storePath(s.id),
      ariaLabel: (s) => `Detalhes de ${storeLabel(s)}`,
    }),
  ];
  const filtered = list.filters.storeName !== undefined;
  return (
    <Stack gap="lg">
      <ListHeader
        title={STORE_TEXTS.list}
        action={
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
        }
      />
      <Group gap="lg" align="flex-end" wrap="wrap">
        <SearchBox
          list={list}
          filter="storeName"
          label="Buscar lojas"
          field={{ label: STORE_TEXTS.search, placeholder: 'Buscar pelo nome' }}
        />
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
