import { type AdminHistoryEntry, formatDateTime } from '@drip/core';
import { Code, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ResponsiveTable, type TableColumn } from './ResponsiveTable.tsx';
import { SectionCard } from './SectionCard.tsx';

export const AUDIT_HISTORY_TEXTS = {
  title: 'Histórico',
  system: 'Sistema',
} as const;

/** A state as it was stored: JSON, wrapped to the cell's width; 'N/A' when there was none. */
function json(value: unknown): ReactNode {
  if (value === null || value === undefined) return 'N/A';
  return (
    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', textAlign: 'left' }}>
      {JSON.stringify(value, null, 1)}
    </Code>
  );
}

function who(e: AdminHistoryEntry): string {
  if (e.actor.type !== 'ADMIN') return AUDIT_HISTORY_TEXTS.system;
  return (e.actor.name ?? e.actor.id ?? 'N/A') + (e.actor.email ? ` (${e.actor.email})` : '');
}

/**
 * 'Histórico' of a record's details (an order's, a customer's): the admin actions of the audit log, newest first —
 * when, who, what, on which of the record's parts (`subjectOf`), the state before and after, and the rest of the
 * entry. Cards on a phone.
 */
export function AuditHistory({
  entries,
  subjectOf,
  empty,
  phone,
}: {
  entries: readonly AdminHistoryEntry[];
  /** The part of the record an entry is about ('Parcela 2', 'CPF 529.982.247-25'). */
  subjectOf: (entry: AdminHistoryEntry) => string;
  /** Shown when no admin acted on the record yet. */
  empty: string;
  phone?: boolean;
}) {
  const columns: TableColumn<AdminHistoryEntry>[] = [
    { id: 'at', header: 'Data', phone: 'title', cell: (e) => formatDateTime(e.at) },
    { id: 'who', header: 'Quem', cell: who },
    { id: 'action', header: 'Ação', cell: (e) => e.action },
    { id: 'subject', header: 'Registro', cell: subjectOf },
    { id: 'before', header: 'Antes', cell: (e) => json(e.before) },
    { id: 'after', header: 'Depois', cell: (e) => json(e.after) },
    {
      id: 'details',
      header: 'Detalhes',
      cell: (e) => (Object.keys(e.details).length > 0 ? json(e.details) : 'N/A'),
    },
  ];
  return (
    <SectionCard title={AUDIT_HISTORY_TEXTS.title}>
      {entries.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <ResponsiveTable
          label={AUDIT_HISTORY_TEXTS.title}
          columns={columns}
          rows={entries}
          getRowId={(e) => e.id}
          minWidth={900}
          phone={phone}
        />
      )}
    </SectionCard>
  );
}
