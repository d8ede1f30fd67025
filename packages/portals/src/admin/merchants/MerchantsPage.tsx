import { formatDate } from '@drip/core';
import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DataList, type DataListColumn, useListQuery } from '../../shared/kit/index.ts';
import { useAdminMerchants } from '../api/merchants.ts';
import { formatDocument, MERCHANTS_PATH, merchantPath } from './paths.ts';

interface Row {
  id: string;
  name: string;
  initials: string;
  cnpj: string | null;
  createdAt: string;
}

/** The search box: typed freely, applied on 'Buscar' (or Enter), which resets the page (spec 2.2). */
function NameSearch({ value, onSearch }: { value: string | undefined; onSearch: (name: string) => void }) {
  const [text, setText] = useState(value ?? '');
  // Back, forward or a shared link change the URL: the box follows.
  useEffect(() => setText(value ?? ''), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Buscar parceiros">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Nome da loja"
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

/** 'Parceiros' (spec 2.2): search by store name, the paged list with a details button, no status column. */
export function MerchantsPage() {
  const list = useListQuery(['name'] as const);
  const merchants = useAdminMerchants(list.page, list.size, list.filters.name);
  const columns: DataListColumn<Row>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (m) => m.name },
    { id: 'initials', header: 'Iniciais', cell: (m) => m.initials },
    { id: 'cnpj', header: 'CNPJ', cell: (m) => formatDocument(m.cnpj) ?? 'N/A' },
    { id: 'createdAt', header: 'Data de criação', cell: (m) => formatDate(m.createdAt) },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (m) => (
        <Button
          component={Link}
          to={merchantPath(m.id)}
          size="xs"
          variant="light"
          aria-label={`Detalhes de ${m.name}`}
        >
          Detalhes
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Parceiros</Title>
          <Text c="dimmed">Os comerciantes da Drip, seus usuários e suas condições.</Text>
        </div>
        <Button component={Link} to={`${MERCHANTS_PATH}/create`}>
          Novo comerciante
        </Button>
      </Group>
      <NameSearch value={list.filters.name} onSearch={(name) => list.setFilters({ name })} />
      <DataList
        label="Parceiros"
        columns={columns}
        query={merchants}
        getRowId={(m) => m.id}
        onPageChange={list.setPage}
        skeletonRows={list.size}
        minWidth={720}
        errorTitle="Não foi possível carregar os parceiros"
        empty={{
          title: list.filters.name ? 'Nenhum parceiro encontrado' : 'Nenhum parceiro para exibir',
          description: list.filters.name
            ? 'Nenhuma loja tem esse nome. Tente outra busca.'
            : 'Cadastre um comerciante para começar.',
        }}
      />
    </Stack>
  );
}
