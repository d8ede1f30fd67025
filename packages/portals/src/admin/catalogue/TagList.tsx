/** The catalogue's tags list (spec 2.2). */
import type { Tag } from '@drip/core';
import { Stack } from '@mantine/core';
import {
  type DataListColumn,
  ListHeader,
  linkColumn,
  StatusBadge,
  WholeList,
} from '../../shared/kit/index.ts';
import { useAdminTags } from '../api/catalogue.ts';
import { STORES_PATH, TAG_MESSAGES, TAG_TEXTS, TAG_TYPE_LABELS, TAGS_PATH, tagEditPath } from './texts.ts';

/** 'Tags': name and status, a row opens its edit page. */
export function TagsPage() {
  const tags = useAdminTags();
  const columns: DataListColumn<Tag>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (t) => t.name },
    { id: 'type', header: 'Tipo', cell: (t) => TAG_TYPE_LABELS[t.type] },
    { id: 'priority', header: 'Prioridade', cell: (t) => t.priority },
    { id: 'status', header: 'Status', cell: (t) => <StatusBadge kind="tag" status={t.status} /> },
    linkColumn({ label: 'Editar', to: (t) => tagEditPath(t.id), ariaLabel: (t) => `Editar ${t.name}` }),
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title={TAG_TEXTS.list}
        back={{ to: STORES_PATH, label: 'Voltar para as lojas' }}
        add={{ to: `${TAGS_PATH}/create`, label: TAG_TEXTS.add }}
      />
      <WholeList
        label="Tags"
        columns={columns}
        query={tags}
        getRowId={(t) => t.id}
        rowPath={(t) => tagEditPath(t.id)}
        minWidth={520}
        errorTitle={TAG_MESSAGES.loadFailed}
        empty={{ title: 'Nenhuma tag para exibir', description: 'Cadastre uma tag para começar.' }}
      />
    </Stack>
  );
}
