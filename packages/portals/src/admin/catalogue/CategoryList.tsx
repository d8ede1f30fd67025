/** The catalogue's categories list (spec 2.2): every one by default, 'Exibir somente categorias ativas'. */
import type { Category } from '@drip/core';
import { Anchor, Button, Group, Stack, Switch, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { DataList, type DataListColumn, StatusBadge, useListQuery } from '../../shared/kit/index.ts';
import { useAdminCategories } from '../api/catalogue.ts';
import { asOnePage } from './list.ts';
import { CATEGORIES_PATH, CATEGORY_TEXTS, categoryEditPath, STORES_PATH } from './texts.ts';

/** 'Categorias': every category by default (spec: status ALL), only the active ones with the switch. */
export function CategoriesPage() {
  const navigate = useNavigate();
  const list = useListQuery(['status'] as const);
  const onlyActive = list.filters.status === 'ACTIVE';
  const categories = useAdminCategories(onlyActive ? 'ACTIVE' : 'ALL');
  const columns: DataListColumn<Category>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (c) => c.name },
    { id: 'status', header: 'Status', cell: (c) => <StatusBadge kind="category" status={c.status} /> },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (c) => (
        <Button
          component={Link}
          to={categoryEditPath(c.id)}
          size="xs"
          variant="light"
          aria-label={`Editar ${c.name}`}
        >
          Editar
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={STORES_PATH} size="sm">
        Voltar para as lojas
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>{CATEGORY_TEXTS.list}</Title>
        <Button component={Link} to={`${CATEGORIES_PATH}/create`}>
          {CATEGORY_TEXTS.add}
        </Button>
      </Group>
      <Switch
        label={CATEGORY_TEXTS.onlyActive}
        checked={onlyActive}
        onChange={(event) => list.setFilters({ status: event.currentTarget.checked ? 'ACTIVE' : undefined })}
      />
      <DataList
        label="Categorias"
        columns={columns}
        query={asOnePage(categories)}
        getRowId={(c) => c.id}
        onPageChange={() => {}}
        onRowClick={(c) => void navigate(categoryEditPath(c.id))}
        skeletonRows={5}
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
