import { formatDate } from '@drip/core';
import { Stack } from '@mantine/core';
import {
  type DataListColumn,
  ListHeader,
  linkColumn,
  PagedList,
  SearchBox,
  useListQuery,
} from '../../shared/kit/index.ts';
import { useAdminMerchants } from '../api/merchants.ts';
import { formatDocument, MERCHANTS_PATH, merchantPath } from './paths.ts';

interface Row {
  id: string;
  name: string;
  initials: string;
  cnpj: string | null;
  createdAt: string;
}

/** 'Parceiros' (spec 2.2): search by store name, the paged list with a details button, no status column. */
export function MerchantsPage() {
  const list = useListQuery(['name'] as const);
  const merchants = useAdminMerchants(list.page, list.size, list.filters.name);
  const columns: DataListColumn<Row>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (m) => m.name },
    { id: 'initials', header: 'Iniciais', cell: (m) => m.initials },
    { id: 'cnpj', header: 'CNPJ', cell: (m) => formatDocument(m.cnpj) ?? 'N/A' },
    { id: 'createdAt', header: 'Data de criação', cell: (m) => formatDate(m.createdAt) },
    linkColumn({
      label: 'Detalhes',
      to: (m) => merchantPath(m.id),
      ariaLabel: (m) => `Detalhes de ${m.name}`,
    }),
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title="Parceiros"
        description="Os comerciantes da Drip, seus usuários e suas condições."
        add={{ to: `${MERCHANTS_PATH}/create`, label: 'Novo comerciante' }}
      />
      <SearchBox
        list={list}
        filter="name"
        label="Buscar parceiros"
        field={{ label: 'Nome da loja', placeholder: 'Buscar pelo nome' }}
      />
      <PagedList
        label="Parceiros"
        columns={columns}
        query={merchants}
        list={list}
        minWidth={720}
        errorTitle="Não foi possível carregar os parceiros"
        empty={{
          searched: Boolean(list.filters.name),
          found: {
            title: 'Nenhum parceiro encontrado',
            description: 'Nenhuma loja tem esse nome. Tente outra busca.',
          },
          none: {
            title: 'Nenhum parceiro para exibir',
            description: 'Cadastre um comerciante para começar.',
          },
        }}
      />
    </Stack>
  );
}
