import { type CheckoutLink, canDeactivateLink, formatBRL, formatDateTime, linkStatus } from '@drip/core';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import {
  ConfirmAction,
  CopyButton,
  DataList,
  type DataListColumn,
  notifyError,
  notifySuccess,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { useLinks, useRevokeLink } from '../api/links.ts';
import { useMerchantIsAdmin } from '../role.ts';

export const CREATE_LINK_PATH = '/parceira/checkout-links/criar';

/** Spec 4: details only for a finished (OK or KO) link; 'Desativar' by core's rule, the server's too. */
const hasDetails = (link: CheckoutLink) => (link.status === 'OK' || link.status === 'KO') && Boolean(link.id);

function Actions({ link, isAdmin }: { link: CheckoutLink; isAdmin: boolean }) {
  const revoke = useRevokeLink();
  const run = async () => {
    try {
      await revoke.mutateAsync(link.id);
      notifySuccess('O link foi desativado');
    } catch (error) {
      notifyError(`Falha ao desativar (${failureStatus(error)})`);
    }
  };
  return (
    <Group gap="xs" wrap="wrap" justify="flex-end" style={{ display: 'inline-flex' }}>
      <CopyButton value={link.formUrl} size="xs">
        Copiar link
      </CopyButton>
      {hasDetails(link) ? (
        <Button
          component={Link}
          to={`/parceira/pedidos/${encodeURIComponent(link.id)}`}
          size="xs"
          variant="light"
          aria-label={`Detalhes do pedido ${link.code}`}
        >
          Detalhes
        </Button>
      ) : null}
      {isAdmin && canDeactivateLink(link) ? (
        <ConfirmAction size="xs" color="red" variant="light" onConfirm={run}>
          Desativar
        </ConfirmAction>
      ) : null}
    </Group>
  );
}

/** 'Gerenciar Links' (spec 2.4): the Drip links, their status, copy, details and deactivation (ADMIN). */
export function LinksPage() {
  const isAdmin = useMerchantIsAdmin();
  const list = useListQuery();
  const links = useLinks(list.page, list.size);
  const columns: DataListColumn<CheckoutLink>[] = [
    { id: 'code', header: 'Código do pedido', phone: 'title', cell: (link) => link.code },
    { id: 'amount', header: 'Valor', cell: (link) => formatBRL(link.amount) },
    {
      id: 'status',
      header: 'Status',
      cell: (link) => <StatusBadge kind="checkout" status={linkStatus(link)} />,
    },
    { id: 'creator', header: 'Criado por', cell: (link) => link.creatorEmail ?? 'N/A' },
    { id: 'createdAt', header: 'Data de criação', cell: (link) => formatDateTime(link.createdAt) },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (link) => <Actions link={link} isAdmin={isAdmin} />,
    },
  ];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Gerenciar Links</Title>
          <Text c="dimmed">Links de pagamento Drip criados pela sua equipe.</Text>
        </div>
        {isAdmin ? (
          <Button component={Link} to={CREATE_LINK_PATH}>
            Criar Drip Link
          </Button>
        ) : null}
      </Group>
      <DataList
        label="Links de pagamento"
        columns={columns}
        query={links}
        getRowId={(link) => link.id}
        onPageChange={list.setPage}
        skeletonRows={list.size}
        minWidth={900}
        errorTitle="Não foi possível carregar os links"
        empty={{
          title: 'Nenhum link para exibir',
          description: isAdmin
            ? 'Crie um Drip Link para receber um pagamento parcelado sem integração.'
            : 'Os links de pagamento criados pela sua equipe aparecem aqui.',
        }}
      />
    </Stack>
  );
}
