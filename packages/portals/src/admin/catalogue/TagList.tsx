/** The catalogue's tags list (spec 2.2). */
import type { Tag } from '@drip/core';
import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { DataList, type DataListColumn, StatusBadge } from '../../shared/kit/index.ts';
import { useAdminTags } from '../api/catalogue.ts';
import { asOnePage } from './list.ts';
import { STORES_PATH, TAG_MESSAGES, TAG_TEXTS, TAG_TYPE_LABELS, TAGS_PATH, tagEditPath } from './texts.ts';

/** 'Tags': name and status, a row opens its edit page. */
export function TagsPage() {
  const navigate = useNavigate();
  const tags = useAdminTags();
  const columns: DataListColumn<Tag>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (t) => t.name },
    { id: 'type', header: 'Tipo', cell: (t) => TAG_TYPE_LABELS[t.type] },
    { id: 'priority', header: 'Prioridade', cell: (t) => t.priority },
    { id: 'status', header: 'Status', cell: (t) => <StatusBadge kind="tag" status={t.status} /> },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (t) => (
        <Button
          component={Link}
          to={tagEditPath(t.id)}
          size="xs"
          variant="light"
          aria-label={`Editar ${t.name}`}
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
        <Title order={2}>{TAG_TEXTS.list}</Title>
        <Button component={Link} to={`${TAGS_PATH}/create`}>
          {TAG_TEXTS.add}
        </Button>
      </Group>
      <DataList
        label="Tags"
        columns={columns}
        query={asOnePage(tags)}
        getRowId={(t) => t.id}
        onPageChange={() => {}}
        onRowClick={(t) => void navigate(tagEditPath(t.id))}
        skeletonRows={5}
        minWidth={520}
        errorTitle={TAG_MESSAGES.loadFailed}
        empty={{ title: 'Nenhuma tag para exibir', description: 'Cadastre uma tag para começar.' }}
      />
    </Stack>
  );
}
