/** The catalogue's categories list (spec 2.2): every one by default, 'Exibir somente categorias ativas'. */
import type { Category } from '@drip/core';
import { Stack, Switch } from '@mantine/core';
import {
  type DataListColumn,
  ListHeader,
  linkColumn,
  StatusBadge,
  useListQuery,
  WholeList,
} from '../../shared/kit/index.ts';
import { useAdminCategories } from '../api/catalogue.ts';
import { CATEGORIES_PATH, CATEGORY_TEXTS, categoryEditPath, STORES_PATH } from './texts.ts';

/** 'Categorias': every category by default (spec: status ALL), only the active ones with the switch. */
export function CategoriesPage() {
  const list = useListQuery(['status'] as const);
  const onlyActive = list.filters.status === 'ACTIVE';
  const categories = useAdminCategories(onlyActive ? 'ACTIVE' : 'ALL');
  const columns: DataListColumn<Category>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (c) => c.name },
    { id: 'status', header: 'Status', cell: (c) => <StatusBadge kind="category" status={c.status} /> },
    linkColumn({ label: 'Editar', to: (c) => categoryEditPath(c.id), ariaLabel: (c) => `Editar ${c.name}` }),
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title={CATEGORY_TEXTS.list}
        back={{ to: STORES_PATH, label: 'Voltar para as lojas' }}
        add={{ to: `${CATEGORIES_PATH}/create`, label: CATEGORY_TEXTS.add }}
      />
      <Switch
        label={CATEGORY_TEXTS.onlyActive}
        checked={onlyActive}
        onChange={(event) => list.setFilters({ status: event.currentTarget.checked ? 'ACTIVE' : undefined })}
      />
      <WholeList
        label="Categorias"
        columns={columns}
        query={categories}
        getRowId={(c) => c.id}
        rowPath={(c) => categoryEditPath(c.id)}
        minWidth={420}
        errorTitle="Não foi possível carregar as categorias"
        empty={{
          title: 'Nenhuma categoria para exibir',
          description: onlyActive ? 'Não há categorias ativas.' : 'Adicione uma categoria para começar.',
        }}
      />
    </Stack>
  );
}
