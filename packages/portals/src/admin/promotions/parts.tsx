import { formatBRL, type PromotionProduct } from '@drip/core';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable, type TableColumn } from '../../shared/kit/index.ts';

/** The products of a PRODUCT_VIEW promotion; `actions` adds the edit page's buttons to each row. */
export function ProductsTable({
  products,
  actions,
}: {
  products: readonly PromotionProduct[];
  actions?: (product: PromotionProduct) => ReactNode;
}) {
  const columns: TableColumn<PromotionProduct>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (p) => p.name },
    { id: 'store', header: 'Loja', cell: (p) => p.store?.name ?? 'N/A' },
    {
      id: 'basePrice',
      header: 'Preço base',
      cell: (p) => (p.basePrice === null ? 'N/A' : formatBRL(p.basePrice)),
    },
    { id: 'price', header: 'Preço', cell: (p) => formatBRL(p.price) },
    {
      id: 'url',
      header: 'Link',
      cell: (p) => (
        <Anchor href={p.url} target="_blank" rel="noopener noreferrer" size="sm">
          Abrir
        </Anchor>
      ),
    },
    ...(actions
      ? [{ id: 'actions', header: 'Ações', hideHeader: true, phone: 'action' as const, cell: actions }]
      : []),
  ];
  return (
    <ResponsiveTable
      label="Produtos"
      columns={columns}
      rows={products}
      getRowId={(p) => p.id}
      minWidth={720}
    />
  );
}
