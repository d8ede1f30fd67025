import { CHECKOUT_STATUS_LABELS, UPFRONT_PAYMENT_STATUS_LABELS } from '@drip/core';
import { Badge } from '@mantine/core';

/** The pt-BR labels of spec 3 and 4, one map per kind of status (the same code reads differently per entity). */
export const STATUS_LABELS = {
  /** Order status (admin), also shown to customers. */
  order: { ACTIVE: 'Ativa', CLOSED: 'Fechada', CANCELED: 'Cancelada' },
  /** Payment statuses of an instalment or a checkout. */
  payment: {
    PAID: 'Pago',
    PENDING: 'Pendente',
    CANCELED: 'Cancelado',
    REFUNDED: 'Reembolsado',
    SUCCESS: 'Sucesso',
  },
  /** Checkout session status. */
  checkout: CHECKOUT_STATUS_LABELS,
  /** A merchant's sale as 'Minhas Vendas' shows it (spec 4, derived by core's `merchantCheckoutDisplay`). */
  sale: {
    APPROVED: 'Aprovado',
    REFUNDED: 'Estornado',
    DENIED: 'Negado',
    ABANDONED: 'Abandonado',
    MORE_INFO: 'Em andamento',
  },
  store: { ACTIVE: 'Ativo', DISABLED: 'Desabilitado', ARCHIVED: 'Arquivado' },
  /** Spec 4 gives the codes only; docs/catalogue.md. */
  category: { ACTIVE: 'Ativa', DISABLE: 'Desabilitada' },
  tag: { ACTIVE: 'Ativa', DISABLED: 'Desabilitada' },
  merchant: { ENABLED: 'Ativo', ARCHIVED: 'Arquivado' },
  /** Spec 4: a customer is archived and unarchived from the admin's details. */
  customer: { ACTIVE: 'Ativo', ARCHIVED: 'Arquivado' },
  promotion: { ACTIVE: 'Habilitado', DISABLED: 'Desabilitado' },
  requirement: UPFRONT_PAYMENT_STATUS_LABELS,
} as const satisfies Record<string, Record<string, string>>;

export type StatusKind = keyof typeof STATUS_LABELS;
export type StatusOf<K extends StatusKind> = keyof (typeof STATUS_LABELS)[K];

/** Colours by meaning: settled/good is Drip teal, waiting is yellow, failed is red, ended or off is gray. */
const COLORS: Record<string, string> = {
  ACTIVE: 'drip',
  ENABLED: 'drip',
  PAID: 'drip',
  SUCCESS: 'drip',
  OK: 'drip',
  PENDING: 'yellow',
  MORE_INFO: 'yellow',
  PRISTINE: 'blue',
  OPTIONAL: 'blue',
  MANDATORY: 'orange',
  KO: 'red',
  APPROVED: 'drip',
  DENIED: 'red',
  ABANDONED: 'orange',
};
/** The customer area has shown open orders in blue and closed ones in teal since before the kit. */
const KIND_COLORS: Partial<Record<StatusKind, Record<string, string>>> = {
  order: { ACTIVE: 'blue', CLOSED: 'drip' },
};

export function statusLabel<K extends StatusKind>(kind: K, status: string): string {
  const labels: Record<string, string> = STATUS_LABELS[kind];
  // A status the server added after this build is shown as sent rather than hidden.
  return labels[status] ?? status;
}

export function statusColor(kind: StatusKind, status: string): string {
  return KIND_COLORS[kind]?.[status] ?? COLORS[status] ?? 'gray';
}

export function StatusBadge<K extends StatusKind>({
  kind,
  status,
}: {
  kind: K;
  status: StatusOf<K> | (string & {});
}) {
  const code = String(status);
  return (
    <Badge color={statusColor(kind, code)} variant="light" data-status={code}>
      {statusLabel(kind, code)}
    </Badge>
  );
}
