import { formatDate, PROMOTION_TYPE_LABELS, type PromotionSummary } from '@drip/core';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DataList, type DataListColumn, StatusBadge, useListQuery } from '../../shared/kit/index.ts';
import { usePromotions } from '../api/promotions.ts';
import { PROMOTION_TEXTS, PROMOTIONS_PATH, promotionPath } from './texts.ts';

/** Spec 7: the list asks for 20 a page. */
export const PROMOTIONS_PAGE_SIZE = 20;

/** 'Promoções' (spec 2.2): the paged list with 'Criar promoção'; a row opens the promotion's details. */
export function PromotionsPage() {
  const list = useListQuery([], PROMOTIONS_PAGE_SIZE);
  const promotions = usePromotions(list.page, list.size);
  const columns: DataListColumn<PromotionSummary>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (p) => p.name },
    { id: 'store', header: 'Loja', cell: (p) => p.store?.name ?? 'N/A' },
    { id: 'type', header: 'Tipo', cell: (p) => PROMOTION_TYPE_LABELS[p.type] },
    { id: 'from', header: 'Início', cell: (p) => formatDate(p.from) },
    { id: 'to', header: 'Fim', cell: (p) => (p.to ? formatDate(p.to) : 'N/A') },
    { id: 'status', header: 'Status', cell: (p) => <StatusBadge kind="promotion" status={p.status} /> },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (p) => (
        <Button
          component={Link}
          to={promotionPath(p.id)}
          size="xs"
          variant="light"
          aria-label={`Detalhes de ${p.name}`}
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
          <Title order={2}>Promoções</Title>
          <Text c="dimmed">Os banners de promoção do app Drip e seus produtos.</Text>
        </div>
        <Button component={Link} to={`${PROMOTIONS_PATH}/create`}>
          Criar promoção
        </Button>
      </Group>
      <DataList
        label="Promoções"
        columns={columns}
        query={promotions}
        getRowId={(p) => p.id}
        onPageChange={list.setPage}
        skeletonRows={list.size}
        minWidth={820}
        errorTitle={PROMOTION_TEXTS.listFailed}
        empty={{ title: 'Nenhuma promoção para exibir', description: 'Crie uma promoção para começar.' }}
      />
    </Stack>
  );
}
