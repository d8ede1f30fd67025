import { formatDate, formatDateTime, PROMOTION_TYPE_LABELS, type Promotion } from '@drip/core';
import { Anchor, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  type DetailItem,
  DetailList,
  LoadError,
  PageLoader,
  SectionCard,
  StatusBadge,
} from '../../shared/kit/index.ts';
import { usePromotion } from '../api/promotions.ts';
import { ProductsTable } from './parts.tsx';
import { PROMOTION_TEXTS, PROMOTIONS_PATH, promotionPath } from './texts.ts';

function items(p: Promotion): DetailItem[] {
  return [
    { label: 'ID', value: p.id },
    { label: 'Nome', value: p.name },
    { label: 'Tipo', value: PROMOTION_TYPE_LABELS[p.type] },
    { label: 'Loja', value: p.store?.name },
    {
      label: 'Link da página de produtos',
      value: p.productsPageUrl ? (
        <Anchor href={p.productsPageUrl} target="_blank" rel="noopener noreferrer">
          {p.productsPageUrl}
        </Anchor>
      ) : null,
    },
    { label: 'Início', value: formatDate(p.from) },
    { label: 'Fim', value: p.to ? formatDate(p.to) : null },
    { label: 'Status', value: <StatusBadge kind="promotion" status={p.status} /> },
    { label: 'Data de criação', value: formatDateTime(p.createdAt) },
  ];
}

/** A promotion (spec 2.2, param id): its data, image and, for PRODUCT_VIEW, its products; 'Editar'. */
export function PromotionDetailsPage() {
  const id = useParams().id ?? '';
  const promotion = usePromotion(id);
  if (promotion.isPending) return <PageLoader />;
  if (promotion.isError)
    return (
      <LoadError
        title={PROMOTION_TEXTS.loadFailed}
        error={promotion.error}
        onRetry={() => void promotion.refetch()}
      />
    );
  const p = promotion.data;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={PROMOTIONS_PATH} size="sm">
        Voltar para as promoções
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Detalhes da promoção</Title>
        <Button component={Link} to={`${promotionPath(p.id)}/edit`}>
          Editar
        </Button>
      </Group>
      <SectionCard title="Dados da promoção">
        <DetailList items={items(p)} />
      </SectionCard>
      <SectionCard title="Imagem">
        {p.image ? (
          <Image src={p.image} alt={`Imagem da promoção ${p.name}`} maw={360} fit="contain" radius="sm" />
        ) : (
          <Text c="dimmed">N/A</Text>
        )}
      </SectionCard>
      {p.type === 'PRODUCT_VIEW' ? (
        <SectionCard title="Produtos">
          {p.products.length ? (
            <ProductsTable products={p.products} />
          ) : (
            <Text c="dimmed">Nenhum produto nesta promoção.</Text>
          )}
        </SectionCard>
      ) : null}
    </Stack>
  );
}
