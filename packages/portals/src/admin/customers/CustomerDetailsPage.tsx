import {
  type AdminCustomerDetails,
  type AdminCustomerRefusal,
  type AdminHistoryEntry,
  adminDenialLabel,
  type CustomerOrderSummary,
  formatBRL,
  formatCep,
  formatCpf,
  formatDate,
  formatPhone,
  reaisToCents,
} from '@drip/core';
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import {
  ActionsMenu,
  AuditHistory,
  ConfirmAction,
  ConfirmDialog,
  CopyButton,
  type DetailItem,
  DetailSection,
  DetailsPage,
  notifyError,
  notifySuccess,
  QueryPage,
  ResponsiveTable,
  SectionCard,
  StatusBadge,
  type TableColumn,
} from '../../shared/kit/index.ts';
import { type CustomerAction, useAdminCustomer, useCustomerAction } from '../api/customers.ts';
import { CUSTOMER_LOAD_FAILED, CUSTOMERS_PATH, customerPath } from './paths.ts';

/** Drip's texts of the customer details (the spec gives none for these). */
export const CUSTOMER_DETAILS_TEXTS = {
  noHistory: 'Nenhuma ação de administrador registrada neste cliente.',
  refusals: 'Compras recusadas',
  noRefusals: 'Nenhuma compra recusada',
} as const;

/** Spec 8's toasts of the customer details, word for word. */
export const CUSTOMER_DETAILS_MESSAGES = {
  archived: 'O cliente foi arquivado',
  unarchived: 'O cliente foi desarquivado',
  passwordReset: 'A senha foi redefinida',
  // Spec 8 writes it 'Operação falhou (status)': the HTTP status goes in the parentheses.
  failed: (status: number) => `Operação falhou (${status})`,
  limitReviewed: 'Limite revisado com sucesso',
  limitReviewFailed: 'Não foi possível revisar o limite',
  whitelistAdded: 'Usuários adicionados a whitelist com sucesso',
  whitelistRemoved: 'Usuários removidos a whitelist com sucesso',
  whitelistAddFailed: 'Não foi possível adicionar os usuários a whitelist',
  whitelistRemoveFailed: 'Não foi possível remover os usuários a whitelist',
  negotiationAdded: 'Usuários adicionados a lista de negociação com sucesso',
  negotiationRemoved: 'Usuários removidos a lista de negociação com sucesso',
  negotiationAddFailed: 'Ocorreu um erro ao adicionar a lista de negociação',
  negotiationRemoveFailed: 'Ocorreu um erro ao remover a lista de negociação',
  copied: 'Copiado com sucesso',
  copyFailed: 'Não foi possível copiar para área de transferência',
} as const;

const M = CUSTOMER_DETAILS_MESSAGES;

/** Each action's menu entry and its toasts. */
const ACTIONS: Record<CustomerAction, { label: string; ok: string; failed: (status: number) => string }> = {
  archive: { label: 'Arquivar', ok: M.archived, failed: M.failed },
  enable: { label: 'Desarquivar', ok: M.unarchived, failed: M.failed },
  resetPassword: { label: 'Redefinir senha', ok: M.passwordReset, failed: M.failed },
  reviewLimit: { label: 'Revisar limite', ok: M.limitReviewed, failed: () => M.limitReviewFailed },
  whitelistAdd: { label: 'Adicionar à whitelist', ok: M.whitelistAdded, failed: () => M.whitelistAddFailed },
  whitelistRemove: {
    label: 'Remover da whitelist',
    ok: M.whitelistRemoved,
    failed: () => M.whitelistRemoveFailed,
  },
  negotiationAdd: {
    label: 'Adicionar à negociação',
    ok: M.negotiationAdded,
    failed: () => M.negotiationAddFailed,
  },
  negotiationRemove: {
    label: 'Remover da negociação',
    ok: M.negotiationRemoved,
    failed: () => M.negotiationRemoveFailed,
  },
};

const yesNo = (value: boolean) => (value ? 'Sim' : 'Não');
/** The limit travels as plain reais numbers (no schema transform), unlike the orders' amounts. */
const money = (reais: number) => formatBRL(reaisToCents(reais));

/** The Actions menu: every entry asks 'Você tem certeza?' before it runs (spec 2.2). */
function CustomerActions({ details }: { details: AdminCustomerDetails }) {
  const { customer, fraudReport } = details;
  const run = useCustomerAction(customer.id, customer.cpf);
  const [pending, setPending] = useState<CustomerAction | null>(null);
  const entries: CustomerAction[] = [
    customer.status === 'ARCHIVED' ? 'enable' : 'archive',
    'resetPassword',
    fraudReport.whitelist?.active ? 'whitelistRemove' : 'whitelistAdd',
    fraudReport.isOnDebtNegotiation ? 'negotiationRemove' : 'negotiationAdd',
  ];
  const confirm = async (action: CustomerAction) => {
    try {
      await run.mutateAsync(action);
      notifySuccess(ACTIONS[action].ok);
    } catch (error) {
      notifyError(ACTIONS[action].failed(failureStatus(error)));
    }
  };
  return (
    <>
      <ActionsMenu
        label="Ações"
        entries={entries.map((action) => ({
          label: ACTIONS[action].label,
          onClick: () => setPending(action),
        }))}
      />
      <ConfirmDialog
        opened={pending !== null}
        onClose={() => setPending(null)}
        details={pending === null ? null : ACTIONS[pending].label}
        onConfirm={() => (pending === null ? undefined : confirm(pending))}
      />
    </>
  );
}

function ReviewLimit({ details }: { details: AdminCustomerDetails }) {
  const run = useCustomerAction(details.customer.id, details.customer.cpf);
  const review = async () => {
    try {
      await run.mutateAsync('reviewLimit');
      notifySuccess(M.limitReviewed);
    } catch {
      notifyError(M.limitReviewFailed);
    }
  };
  return (
    <ConfirmAction variant="light" onConfirm={review}>
      Revisar limite
    </ConfirmAction>
  );
}

const orderColumns: TableColumn<CustomerOrderSummary>[] = [
  { id: 'code', header: 'Código', phone: 'title', cell: (o) => o.code },
  { id: 'merchant', header: 'Loja', cell: (o) => o.merchantName },
  // Centavos already: the contract's schema read the wire's reais.
  { id: 'amount', header: 'Total', cell: (o) => formatBRL(o.amount) },
  { id: 'unpaid', header: 'Parcelas pendentes', cell: (o) => o.unpaidInstalmentsCount },
  { id: 'status', header: 'Status', cell: (o) => <StatusBadge kind="order" status={o.status} /> },
  { id: 'createdAt', header: 'Data de criação', cell: (o) => formatDate(o.createdAt) },
  {
    id: 'details',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (o) => (
      <Button component={Link} to={`/admin/orders/${encodeURIComponent(o.id)}`} size="xs" variant="light">
        Detalhes
      </Button>
    ),
  },
];

/** The checkouts that did not become orders, with spec 8's admin denial label (the reason code beside it). */
const refusalColumns: TableColumn<AdminCustomerRefusal>[] = [
  { id: 'code', header: 'Pedido da loja', phone: 'title', cell: (r) => r.merchantOrderCode },
  { id: 'merchant', header: 'Loja', cell: (r) => r.merchantName },
  { id: 'amount', header: 'Total', cell: (r) => formatBRL(r.amount) },
  {
    id: 'reason',
    header: 'Motivo',
    cell: (r) => <span title={r.reason ?? undefined}>{adminDenialLabel(r.status, r.reason)}</span>,
  },
  { id: 'createdAt', header: 'Data', cell: (r) => formatDate(r.createdAt) },
];

/** A value the operator takes to another system (a bank, the bureau, a chat): shown with its copy button. */
function copyable(label: string, shown: string, value = shown) {
  return (
    // The value wraps (a UUID at 390 px), the button keeps its width beside it.
    <Group gap="xs" wrap="nowrap" component="span" preventGrowOverflow={false}>
      <span style={{ wordBreak: 'break-all', minWidth: 0 }}>{shown}</span>
      <CopyButton
        value={value}
        size="compact-xs"
        style={{ flexShrink: 0 }}
        aria-label={`Copiar ${label}`}
        copiedMessage={M.copied}
        failedMessage={M.copyFailed}
      >
        Copiar
      </CopyButton>
    </Group>
  );
}

function customerItems(d: AdminCustomerDetails): DetailItem[] {
  const c = d.customer;
  return [
    { label: 'ID', value: copyable('ID', c.id) },
    { label: 'Nome', value: c.name },
    { label: 'CPF', value: copyable('CPF', formatCpf(c.cpf), c.cpf) },
    { label: 'Telefone', value: copyable('telefone', formatPhone(c.phone), c.phone) },
    { label: 'E-mail', value: c.email },
    { label: 'Status', value: <StatusBadge kind="customer" status={c.status} /> },
    { label: 'CEP', value: c.addressCep ? formatCep(c.addressCep) : null },
    { label: 'Rua', value: c.addressStreet },
    { label: 'Número', value: c.addressNumber },
    { label: 'Complemento', value: c.addressComplement },
    { label: 'Bairro', value: c.addressNeighborhood },
    { label: 'Cidade', value: c.addressCity },
    { label: 'Estado', value: c.addressState },
  ];
}

function limitItems(d: AdminCustomerDetails): DetailItem[] {
  return [
    { label: 'Limite total', value: money(d.limit.total) },
    { label: 'Limite utilizado', value: money(d.limit.used) },
    { label: 'Limite atual', value: money(d.limit.current) },
    { label: 'Score Serasa', value: d.limit.serasaScore },
    { label: 'Negativado no Serasa', value: yesNo(d.limit.serasaNegativated) },
    { label: 'Score Clearsale', value: d.clearsaleScore },
  ];
}

function riskItems(d: AdminCustomerDetails): DetailItem[] {
  const r = d.fraudReport;
  return [
    { label: 'CPF bloqueado', value: yesNo(r.blockedCpf) },
    { label: 'Telefone bloqueado', value: yesNo(r.blockedPhone) },
    { label: 'CEP bloqueado', value: yesNo(r.blockedAddressCep) },
    { label: 'Whitelist', value: r.whitelist ? yesNo(r.whitelist.active) : 'Não' },
    { label: 'Whitelist expira em', value: r.whitelist ? formatDate(r.whitelist.expiresAt) : null },
    { label: 'Em negociação', value: yesNo(r.isOnDebtNegotiation) },
  ];
}

/** The part of the customer an entry is about: the customer, or one of their values on a risk list. */
function subjectOf(e: AdminHistoryEntry): string {
  switch (e.entityType) {
    case 'BLOCKED_CPF':
      return `Bloqueio do CPF ${formatCpf(e.entityId)}`;
    case 'BLOCKED_PHONE':
      return `Bloqueio do telefone ${formatPhone(e.entityId)}`;
    case 'BLOCKED_CEP':
      return `Bloqueio do CEP ${formatCep(e.entityId)}`;
    case 'TRUST_LIST':
      return 'Whitelist';
    case 'DEBT_NEGOTIATION_LIST':
      return 'Lista de negociação';
    default:
      return 'Cliente';
  }
}

/**
 * 'Detalhes do cliente' (spec 2.2): data, limit and scores, risk lists, orders, refused checkouts and the admin
 * history; the Actions
 * menu, Edit, Revisar limite.
 */
export function CustomerDetailsPage() {
  const { customerId = '' } = useParams();
  return (
    <QueryPage query={useAdminCustomer(customerId)} loadFailed={CUSTOMER_LOAD_FAILED}>
      {(d) => (
        <DetailsPage
          back={{ to: CUSTOMERS_PATH, label: 'Voltar para os clientes' }}
          title="Detalhes do cliente"
          subtitle={d.customer.name}
          actions={
            <>
              <CustomerActions details={d} />
              <ReviewLimit details={d} />
              <Button component={Link} to={`${customerPath(d.customer.id)}/edit`}>
                Editar
              </Button>
            </>
          }
        >
          <DetailSection title="Dados do cliente" items={customerItems(d)} />
          <DetailSection title="Limite e scores" items={limitItems(d)} />
          <DetailSection title="Relatório de fraude" items={riskItems(d)} />
          <SectionCard title="Pedidos">
            {d.orders.length === 0 ? (
              <Text c="dimmed">Nenhum pedido</Text>
            ) : (
              <ResponsiveTable
                label="Pedidos do cliente"
                columns={orderColumns}
                rows={d.orders}
                getRowId={(o) => o.id}
              />
            )}
          </SectionCard>
          <SectionCard title={CUSTOMER_DETAILS_TEXTS.refusals}>
            {d.refusals.length === 0 ? (
              <Text c="dimmed">{CUSTOMER_DETAILS_TEXTS.noRefusals}</Text>
            ) : (
              <ResponsiveTable
                label="Compras recusadas do cliente"
                columns={refusalColumns}
                rows={d.refusals}
                getRowId={(r) => r.checkoutId}
              />
            )}
          </SectionCard>
          <AuditHistory entries={d.history} subjectOf={subjectOf} empty={CUSTOMER_DETAILS_TEXTS.noHistory} />
        </DetailsPage>
      )}
    </QueryPage>
  );
}
