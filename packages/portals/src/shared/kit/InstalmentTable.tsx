import { type CustomerInstalment, formatBRL, formatDate, type PaymentStatus } from '@drip/core';
import { Anchor, Badge, Group, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton.tsx';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** Texts of the instalment table (spec 2.2 "Instalment table lines"; spec 8 for the Pix copy). */
export const INSTALMENT_TABLE_TEXTS = {
  pixCopied: 'Pix copiado para área de transferência',
  copyPix: 'Copiar Pix',
  qrCode: 'QR Code',
  late: 'Em atraso',
  canceled: ' (Cancelado)',
} as const;

export interface GroupedProduct {
  name: string;
  quantity: number;
  canceled: boolean;
}

/**
 * Identical products of an instalment grouped with their quantity (spec 2.3), in first-seen order. The server already
 * sends one line per product name with its quantity; lines that still share a name and state are added up.
 */
export function groupProducts(products: CustomerInstalment['instalmentProducts']): GroupedProduct[] {
  const groups = new Map<string, GroupedProduct>();
  for (const product of products) {
    const canceled = product.status === 'CANCELED' || product.cancelationStatus !== null;
    const key = `${canceled ? 'x' : 'a'}:${product.name}`;
    const group = groups.get(key);
    if (group) group.quantity += product.quantity;
    else groups.set(key, { name: product.name, quantity: product.quantity, canceled });
  }
  return [...groups.values()];
}

/** The payment status of spec 3 an instalment shows: its Pix's, or its own when it has none. */
export function instalmentPaymentStatus(i: CustomerInstalment): PaymentStatus {
  if (i.status === 'PAID') return 'PAID';
  return i.payment?.status ?? 'PENDING';
}

function InstalmentStatus({ instalment, admin }: { instalment: CustomerInstalment; admin: boolean }) {
  if (instalment.status === 'PAID') return <StatusBadge kind="payment" status="PAID" />;
  return (
    <Group gap={4} wrap="nowrap">
      {/* The admin sees the Pix's own status (an expired one reads 'Cancelado'); the customer, that it is due. */}
      <StatusBadge kind="payment" status={admin ? instalmentPaymentStatus(instalment) : 'PENDING'} />
      {instalment.late ? (
        <Badge color="red" variant="filled">
          {INSTALMENT_TABLE_TEXTS.late}
        </Badge>
      ) : null}
    </Group>
  );
}

const minus = (amount: CustomerInstalment['amount']) =>
  amount > 0 ? `- ${formatBRL(amount)}` : formatBRL(amount);

function Products({ instalment }: { instalment: CustomerInstalment }) {
  return (
    <List size="sm" listStyleType="none" spacing={2}>
      {groupProducts(instalment.instalmentProducts).map((product) => (
        <List.Item key={`${product.canceled}:${product.name}`}>
          <Text
            size="sm"
            td={product.canceled ? 'line-through' : undefined}
            c={product.canceled ? 'dimmed' : undefined}
          >
            {`${product.quantity}x ${product.name}${product.canceled ? INSTALMENT_TABLE_TEXTS.canceled : ''}`}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Pix({ instalment }: { instalment: CustomerInstalment }) {
  const payment = instalment.payment;
  if (!payment) return <Text size="sm">N/A</Text>;
  return (
    <Stack gap={4} align="flex-start">
      <Anchor href={payment.qrCode} target="_blank" rel="noopener noreferrer" size="sm">
        {INSTALMENT_TABLE_TEXTS.qrCode}
      </Anchor>
      <CopyButton
        size="compact-xs"
        value={payment.qrCodeText}
        copiedMessage={INSTALMENT_TABLE_TEXTS.pixCopied}
      >
        {INSTALMENT_TABLE_TEXTS.copyPix}
      </CopyButton>
    </Stack>
  );
}

export interface InstalmentTableProps<T extends CustomerInstalment> {
  instalments: readonly T[];
  /**
   * Spec 2.2: 'Non-admin views hide admin-only rows'. The customer sees what it owes; the admin sees every line
   * (cancelled items always, paid, amount paid, amount refunded, the Pix) and the operations column.
   */
  audience: 'customer' | 'admin';
  /** Admin: the operations of one instalment (fee removal, record payment, Pix…), at the end of its row. */
  actions?: ((instalment: T) => ReactNode) | undefined;
  /** Cards or a table; by default from the window's width (stories and tests pin it). */
  phone?: boolean | undefined;
}

/**
 * An order's instalments (spec 2.2 "Instalment table lines", 2.3): a table on a desktop, one card per instalment on a
 * phone, a late one in red. The figures are the server's (the same for both audiences); nothing is computed here.
 */
export function InstalmentTable<T extends CustomerInstalment>({
  instalments,
  audience,
  actions,
  phone,
}: InstalmentTableProps<T>) {
  const admin = audience === 'admin';
  const sorted = [...instalments].sort((a, b) => a.number - b.number);
  const anyCanceled = sorted.some((i) => i.canceledAmount > 0);
  const columns: TableColumn<T>[] = [
    { id: 'number', header: 'Parcela', phone: 'title', cell: (i) => `${i.number}/${i.total}` },
    {
      id: 'due',
      header: 'Vencimento',
      cell: (i) => (
        <Text size="sm" c={i.late ? 'red.8' : undefined} fw={i.late ? 700 : undefined}>
          {formatDate(i.dueDate)}
        </Text>
      ),
    },
    { id: 'amount', header: 'Valor da parcela', cell: (i) => formatBRL(i.amount) },
    { id: 'fees', header: 'Multa por atraso', cell: (i) => formatBRL(i.feesAmount) },
    {
      id: 'cashback',
      header: admin ? 'Desconto de cashback' : 'Cashback',
      cell: (i) =>
        admin && i.canceledCashbackAmount > 0
          ? `${minus(i.cashbackAmount)} (estornado ${formatBRL(i.canceledCashbackAmount)})`
          : minus(i.cashbackAmount),
    },
    ...(admin || anyCanceled
      ? [
          {
            id: 'canceled',
            header: admin ? 'Desconto de itens cancelados' : 'Itens cancelados',
            cell: (i: T) => minus(i.canceledAmount),
          },
        ]
      : []),
    {
      id: 'toPay',
      header: admin ? 'Valor final' : 'Valor a pagar',
      cell: (i) => (
        <Text span inherit fw={700}>
          {formatBRL(i.amountToPay)}
        </Text>
      ),
    },
    {
      id: 'status',
      header: admin ? 'Status do pagamento' : 'Status',
      cell: (i) => <InstalmentStatus instalment={i} admin={admin} />,
    },
    ...(admin
      ? [
          { id: 'paid', header: 'Pago', cell: (i: T) => (i.status === 'PAID' ? 'Sim' : 'Não') },
          { id: 'amountPaid', header: 'Valor pago', cell: (i: T) => formatBRL(i.amountPaidIncludingRefunds) },
          {
            id: 'amountRefunded',
            header: 'Valor reembolsado',
            cell: (i: T) => formatBRL(i.amountCanceledWithRefund),
          },
        ]
      : []),
    { id: 'products', header: 'Produtos', cell: (i) => <Products instalment={i} /> },
    ...(admin ? [{ id: 'pix', header: 'Pix', cell: (i: T) => <Pix instalment={i} /> }] : []),
    ...(admin && actions
      ? [
          {
            id: 'actions',
            header: 'Ações',
            hideHeader: true,
            phone: 'action' as const,
            // The admin table is wider than a laptop: the operations stay in view while it scrolls sideways.
            stickyEnd: true,
            cell: actions,
          },
        ]
      : []),
  ];
  // A phone gets one card per instalment: at 390 px the table's columns hid 'Valor a pagar' and 'Status'.
  return (
    <ResponsiveTable
      label="Parcelas"
      columns={columns}
      rows={sorted}
      getRowId={(i) => i.id}
      minWidth={admin ? 1400 : 900}
      striped={false}
      phone={phone}
      rowLook={(i) => ({ bg: i.late ? 'red.0' : undefined, data: { 'data-late': String(i.late) } })}
    />
  );
}
