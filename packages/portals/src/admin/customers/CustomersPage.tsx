import {
  type AdminCustomerSummary,
  CUSTOMER_SEARCH_LABELS,
  CUSTOMER_SEARCH_TYPES,
  type CustomerSearchType,
  formatCep,
  formatCpf,
  formatPhone,
} from '@drip/core';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import {
  ActionsMenu,
  ChoiceSelect,
  type DataListColumn,
  ListHeader,
  PagedList,
  SearchForm,
  StatusBadge,
  useListQuery,
  useUrlDraft,
} from '../../shared/kit/index.ts';
import { useAdminCustomers } from '../api/customers.ts';
import { customerPath } from './paths.ts';

/** The risk-list screens, opened prefilled with the customer's data (spec 2.2: their query prefills the form). */
export const riskLinks = {
  block: (c: { cpf?: string; phone?: string; cep?: string | null }) => {
    const query = new URLSearchParams();
    if (c.cpf) query.set('cpf', c.cpf);
    if (c.phone) query.set('phone', c.phone);
    if (c.cep) query.set('cep', c.cep);
    return `/admin/block-user?${query.toString()}`;
  },
  whitelist: (cpf: string) => `/admin/whitelist?cpf=${encodeURIComponent(cpf)}`,
  negotiation: (cpf: string) => `/admin/debt-list?cpf=${encodeURIComponent(cpf)}`,
};

const isSearchType = (value: string | undefined): value is CustomerSearchType =>
  (CUSTOMER_SEARCH_TYPES as readonly string[]).includes(value ?? '');

/** The search: a field and a text, applied on 'Buscar' (or Enter), which resets the page (spec 2.2). */
function CustomerSearch({
  type,
  text,
  onSearch,
}: {
  type: CustomerSearchType;
  text: string | undefined;
  onSearch: (type: CustomerSearchType, text: string) => void;
}) {
  // Back, forward or a shared link change the URL: the form follows.
  const [field, setField] = useUrlDraft<CustomerSearchType>(type);
  const [value, setValue] = useUrlDraft(text ?? '');
  return (
    <SearchForm label="Buscar clientes" onSearch={() => onSearch(field, value.trim())}>
      <ChoiceSelect
        label="Buscar por"
        data={CUSTOMER_SEARCH_TYPES.map((t) => ({ value: t, label: CUSTOMER_SEARCH_LABELS[t] }))}
        value={field}
        onChange={(next) => isSearchType(next ?? undefined) && setField(next as CustomerSearchType)}
        w={{ base: '100%', xs: 160 }}
      />
      <TextInput
        label="Texto"
        placeholder={`Buscar por ${CUSTOMER_SEARCH_LABELS[field]}`}
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        w={{ base: '100%', xs: 320 }}
      />
    </SearchForm>
  );
}

/** The list's Actions menu: block by CPF, phone or CEP, whitelist, negotiation (spec 2.2). */
function RowActions({ customer }: { customer: AdminCustomerSummary }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={customerPath(customer.id)}
        size="xs"
        variant="light"
        aria-label={`Detalhes de ${customer.name}`}
      >
        Detalhes
      </Button>
      <ActionsMenu
        label="Ações"
        buttonLabel={`Ações de ${customer.name}`}
        size="xs"
        entries={[
          { label: 'Bloquear CPF', to: riskLinks.block({ cpf: customer.cpf }) },
          { label: 'Bloquear telefone', to: riskLinks.block({ phone: customer.phone }) },
          {
            label: 'Bloquear CEP',
            to: riskLinks.block({ cep: customer.addressCep }),
            disabled: !customer.addressCep,
          },
          { label: 'Whitelist', to: riskLinks.whitelist(customer.cpf) },
          { label: 'Negociação', to: riskLinks.negotiation(customer.cpf) },
        ]}
      />
    </Group>
  );
}

/** 'Clientes' (spec 2.2): search by name, CPF, phone or e-mail kept in the query, the paged list, the Actions menu. */
export function CustomersPage() {
  const list = useListQuery(['type', 'text'] as const);
  const type: CustomerSearchType = isSearchType(list.filters.type) ? list.filters.type : 'name';
  const customers = useAdminCustomers(list.page, list.size, type, list.filters.text);
  const columns: DataListColumn<AdminCustomerSummary>[] = [
    { id: 'name', header: 'Nome', phone: 'title', cell: (c) => c.name },
    { id: 'cpf', header: 'CPF', cell: (c) => formatCpf(c.cpf) },
    { id: 'phone', header: 'Telefone', cell: (c) => formatPhone(c.phone) },
    { id: 'email', header: 'E-mail', cell: (c) => c.email ?? 'N/A' },
    { id: 'cep', header: 'CEP', cell: (c) => (c.addressCep ? formatCep(c.addressCep) : 'N/A') },
    {
      id: 'status',
      header: 'Status',
      cell: (c) => <StatusBadge kind="customer" status={c.status} />,
    },
    {
      id: 'actions',
      header: 'Ações',
      hideHeader: true,
      phone: 'action',
      cell: (c) => <RowActions customer={c} />,
    },
  ];
  return (
    <Stack gap="lg">
      <ListHeader title="Clientes" description="Busque um cliente pelo nome, CPF, telefone ou e-mail." />
      <CustomerSearch
        type={type}
        text={list.filters.text}
        onSearch={(nextType, text) => list.setFilters({ type: nextType, text })}
      />
      <PagedList
        label="Clientes"
        columns={columns}
        query={customers}
        list={list}
        minWidth={900}
        errorTitle="Não foi possível carregar os clientes"
        empty={{
          searched: Boolean(list.filters.text),
          found: {
            title: 'Nenhum cliente encontrado',
            description: 'Nenhum cliente corresponde a essa busca. Tente outro campo ou outro texto.',
          },
          none: {
            title: 'Nenhum cliente para exibir',
            description: 'Os clientes aparecem aqui depois da primeira compra.',
          },
        }}
      />
    </Stack>
  );
}
