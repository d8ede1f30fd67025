import { type AdminOrderRow, formatBRL, formatDateTime, ORDER_STATUSES, type OrderStatus } from '@drip/core';
import { Button, Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  ChoiceSelect,
  type DataListColumn,
  ListHeader,
  linkColumn,
  PagedList,
  SearchBox,
  SearchSelect,
  STATUS_LABELS,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { useAdminMerchants } from '../api/merchants.ts';
import { useAdminOrders } from '../api/ordersList.ts';

export const ORDERS_PATH = '/admin/orders';
export const orderPath = (id: string) => `${ORDERS_PATH}/${encodeURIComponent(id)}`;
/** Spec 2.2: 'Baixa pedidos/parcelas' opens the debt-negotiation payment screen (PGF). */
export const DEBT_PAYMENT_PATH = '/admin/add-debt-negotiation-payment';
/** How long the merchant picker waits after the last key before it asks the server (a shop's name, not a list). */
export const MERCHANT_SEARCH_DEBOUNCE_MS = 400;

const isOrderStatus = (value: string | undefined): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value ?? '');

/**
 * The merchant filter: a searchable picker that asks the server for the shops matching what is typed (there may be
 * thousands). The chosen merchant stays an option even when the typed text no longer finds it.
 */
function MerchantFilter({
  value,
  knownName,
  onChange,
}: {
  value: string | undefined;
  knownName: string | undefined;
  onChange: (merchantId: string | undefined) => void;
}) {
  const [typed, setTyped] = useState('');
  const [settled] = useDebouncedValue(typed, MERCHANT_SEARCH_DEBOUNCE_MS);
  const merchants = useAdminMerchants(0, 20, settled.trim() || undefined);
  const options = (merchants.data?.content ?? []).map((m) => ({ value: m.id, label: m.name }));
  if (value && !options.some((o) => o.value === value))
    options.unshift({ value, label: knownName ?? 'Parceiro selecionado' });
  return (
    <SearchSelect
      label="Parceiro"
      placeholder="Todos os parceiros"
      data={options}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
      clearable
      searchValue={typed}
      onSearchChange={setTyped}
      nothingFoundMessage={merchants.isFetching ? 'Buscando…' : 'Nenhum parceiro encontrado'}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

/** 'Pedidos' (spec 2.2): every merchant's orders with their late instalments, searched and filtered in the URL. */
export function OrdersPage() {
  const list = useListQuery(['search', 'status', 'merchantId'] as const, 20);
  const { search, merchantId } = list.filters;
  const status = isOrderStatus(list.filters.status) ? list.filters.status : undefined;
  const orders = useAdminOrders(list.page, list.size, { search, status, merchantId });
  const merchantName = orders.data?.content.find((o) => o.merchantId === merchantId)?.merchantName;
  const filtered = Boolean(search || status || merchantId);
  const columns: DataListColumn<AdminOrderRow>[] = [
    { id: 'code', header: 'Order ID', phone: 'title', cell: (o) => o.code },
    { id: 'createdAt', header: 'Data de criação', cell: (o) => formatDateTime(o.createdAt) },
    { id: 'merchant', header: 'Parceiro', cell: (o) => o.merchantName },
    { id: 'customerName', header: 'Cliente', cell: (o) => o.customerName },
    { id: 'customerEmail', header: 'E-mail', cell: (o) => o.customerEmail ?? 'N/A' },
    { id: 'amount', header: 'Total', cell: (o) => formatBRL(o.amount) },
    { id: 'late', header: 'Qtd. parcelas em atraso', cell: (o) => String(o.lateInstalments) },
    { id: 'status', header: 'Status', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
    linkColumn({
      label: 'Detalhes',
      to: (o) => orderPath(o.id),
      ariaLabel: (o) => `Detalhes do pedido ${o.code}`,
    }),
  ];
  return (
    <Stack gap="lg">
      <ListHeader
        title="Pedidos"
        description="Os pedidos de todos os parceiros, dos mais recentes aos mais antigos."
        action={
          <Button component={Link} to={DEBT_PAYMENT_PATH} variant="light">
            Baixa pedidos/parcelas
          </Button>
        }
      />
      <SearchBox
        list={list}
        filter="search"
        label="Buscar pedidos"
        field={{
          label: 'Buscar pedido',
          description: 'Order ID, código do pedido no parceiro, CPF ou e-mail do cliente',
          placeholder: 'DRP-7K2M9Q, 123.456.789-09, cliente@email.com',
          width: 380,
        }}
      />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <ChoiceSelect
          label="Status"
          placeholder="Todos os status"
          data={ORDER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS.order[s] }))}
          value={status ?? null}
          onChange={(value) => list.setFilters({ status: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        <MerchantFilter
          value={merchantId}
          knownName={merchantName}
          onChange={(id) => list.setFilters({ merchantId: id })}
        />
      </Group>
      <PagedList
        label="Pedidos"
        columns={columns}
        query={orders}
        list={list}
        minWidth={1080}
        errorTitle="Não foi possível carregar os pedidos"
        empty={{
          searched: filtered,
          found: {
            title: 'Nenhum pedido encontrado',
            description:
              'Nenhum pedido corresponde à busca e aos filtros. Confira o texto ou limpe os filtros.',
          },
          none: {
            title: 'Nenhum pedido para exibir',
            description: 'Os pedidos aparecem aqui quando os clientes compram nos parceiros.',
          },
        }}
      />
    </Stack>
  );
}
