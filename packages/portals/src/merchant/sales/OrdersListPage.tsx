import { formatBRL, formatDateTime, type MerchantCheckoutSummary, merchantCheckoutDisplay } from '@drip/core';
import { Button, Chip, Group, Input, Paper, Stack, TextInput } from '@mantine/core';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMainContentArrived } from '../../shared/contentFirst.tsx';
import {
  type CappedNotice,
  DataList,
  type DataListColumn,
  DateFilter,
  StatusBadge,
  useListQuery,
} from '../../shared/kit/index.ts';
import { SALES_FILTERS, useSales } from '../api/sales.ts';

const AmountFilter = lazy(() => import('./AmountFilter.tsx').then((m) => ({ default: m.AmountFilter })));

const detailsPath = (sale: MerchantCheckoutSummary) => `/parceira/pedidos/${encodeURIComponent(sale.id)}`;

const columns: DataListColumn<MerchantCheckoutSummary>[] = [
  { id: 'code', header: 'Código do pedido', phone: 'title', cell: (sale) => sale.code },
  { id: 'customer', header: 'Cliente', cell: (sale) => sale.customerName ?? 'N/A' },
  { id: 'amount', header: 'Valor', cell: (sale) => formatBRL(sale.amount) },
  {
    id: 'status',
    header: 'Status',
    cell: (sale) => <StatusBadge kind="sale" status={merchantCheckoutDisplay(sale)} />,
  },
  { id: 'createdAt', header: 'Data', cell: (sale) => formatDateTime(sale.createdAt) },
  {
    id: 'details',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (sale) => (
      <Button
        component={Link}
        to={detailsPath(sale)}
        size="xs"
        variant="light"
        aria-label={`Detalhes do pedido ${sale.code}`}
      >
        Detalhes
      </Button>
    ),
  },
];

/** What the search box searches (spec 2.4: order code, customer name or order value). */
const SEARCH_BY = [
  { value: 'code', label: 'Código do pedido' },
  { value: 'customerName', label: 'Nome do cliente' },
  { value: 'amount', label: 'Valor do pedido' },
] as const;
type SearchBy = (typeof SEARCH_BY)[number]['value'];

const TOGGLES = [
  { name: 'approved', label: 'Aprovados' },
  { name: 'canceled', label: 'Estornados' },
  { name: 'denied', label: 'Negados' },
  { name: 'abandoned', label: 'Abandonados' },
] as const;

/**
 * Above the server's count cap (10 000 checkouts, docs/merchant-sales.md): the list pages through the most recent
 * ones and suggests narrowing it down.
 */
const ORDERS_CAPPED: CappedNotice = {
  title: (total) => `Mais de ${total} pedidos`,
  description: (total) =>
    `A lista mostra os ${total} mais recentes. Use a busca, as datas ou os status para encontrar um pedido.`,
};

/** 'Lista de pedidos': search, date range, status toggles, every filter kept in the URL (spec 2.4, 7, 9). */
export function OrdersListPage() {
  const list = useListQuery(SALES_FILTERS);
  const sales = useSales(list.filters, list.page, list.size);
  // The chart above waits for the list (shared/contentFirst.tsx).
  useMainContentArrived(sales.isSuccess || sales.isError);
  const navigate = useNavigate();
  const { filters } = list;
  const current: SearchBy = filters.amount ? 'amount' : filters.customerName ? 'customerName' : 'code';
  const [searchBy, setSearchBy] = useState<SearchBy>(current);
  const searchById = useId();
  const [text, setText] = useState(filters[current] ?? '');
  // Back and forward move through filters: the box follows the URL.
  useEffect(() => {
    setSearchBy(current);
    setText(filters[current] ?? '');
  }, [current, filters[current]]);

  const search = (event: FormEvent) => {
    event.preventDefault();
    list.setFilters({
      code: searchBy === 'code' ? text : undefined,
      customerName: searchBy === 'customerName' ? text : undefined,
      amount: searchBy === 'amount' ? text : undefined,
    });
  };
  const clear = () => {
    setText('');
    list.setFilters(Object.fromEntries(SALES_FILTERS.map((name) => [name, undefined])));
  };
  const anyFilter = SALES_FILTERS.some((name) => filters[name] !== undefined);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <form onSubmit={search} aria-label="Buscar pedidos">
            <Group align="flex-end" gap="sm" wrap="wrap">
              {/* A native select: three fixed choices need no searchable combobox, and the list's first load
                  carries neither one nor its chevron icon (Mantine's input with a text arrow). */}
              <Input.Wrapper label="Buscar por" id={searchById} w={180}>
                <Input
                  component="select"
                  id={searchById}
                  value={searchBy}
                  onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                    setSearchBy(event.currentTarget.value as SearchBy);
                    setText('');
                  }}
                  rightSection="▾"
                  rightSectionPointerEvents="none"
                >
                  {SEARCH_BY.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Input>
              </Input.Wrapper>
              {searchBy === 'amount' ? (
                <Suspense
                  fallback={<TextInput label="Valor do pedido" disabled style={{ flex: 1, minWidth: 180 }} />}
                >
                  <AmountFilter value={text} onChange={setText} />
                </Suspense>
              ) : (
                <TextInput
                  label={searchBy === 'code' ? 'Código do pedido' : 'Nome do cliente'}
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  style={{ flex: 1, minWidth: 180 }}
                />
              )}
              <Button type="submit">Buscar</Button>
            </Group>
          </form>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <DateFilter
              label="De"
              value={filters.from}
              max={filters.to}
              onChange={(from) => list.setFilters({ from })}
            />
            <DateFilter
              label="Até"
              value={filters.to}
              min={filters.from}
              onChange={(to) => list.setFilters({ to })}
            />
          </Group>
          <Group gap="xs" role="group" aria-label="Status">
            {TOGGLES.map((toggle) => (
              <Chip
                key={toggle.name}
                checked={filters[toggle.name] === 'true'}
                onChange={(checked) => list.setFilters({ [toggle.name]: checked ? 'true' : undefined })}
              >
                {toggle.label}
              </Chip>
            ))}
            {anyFilter ? (
              <Button variant="subtle" size="xs" onClick={clear}>
                Limpar filtros
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <DataList
        label="Pedidos"
        columns={columns}
        query={sales}
        getRowId={(sale) => sale.id}
        onRowClick={(sale) => void navigate(detailsPath(sale))}
        onPageChange={list.setPage}
        skeletonRows={list.size}
        errorTitle="Não foi possível carregar os pedidos"
        capped={ORDERS_CAPPED}
        empty={{
          title: 'Nenhum pedido encontrado',
          description: anyFilter
            ? 'Mude os filtros para ver outros pedidos.'
            : 'Os pedidos pagos com Drip na sua loja aparecem aqui.',
        }}
      />
    </Stack>
  );
}
