import { Group, type MantineColor, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MouseEvent, ReactNode } from 'react';
import { MOBILE_MAX_WIDTH } from '../theme.ts';

/** The spec's phone breakpoint (690 px) as a media query. */
export const PHONE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

export interface TableColumn<T> {
  id: string;
  /** Column header; on phones, the label in front of the value. */
  header: string;
  /** Header read by screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /**
   * Where the column goes on a phone (<= 690 px), where rows become cards: 'title' heads the card, 'action' sits
   * at its foot, 'hide' leaves it out; by default it is a label/value line.
   */
  phone?: 'title' | 'action' | 'hide';
  /**
   * Desktop: the column stays at the end of the visible part while a table wider than its box scrolls sideways
   * (a row's actions, always within reach).
   */
  stickyEnd?: boolean;
}

/** How a row stands out (a late instalment): its background, and data attributes for tests and styles. */
export interface RowLook {
  bg?: MantineColor | undefined;
  data?: Record<`data-${string}`, string> | undefined;
}

export interface ResponsiveTableProps<T> {
  /** Accessible name of the table (and of the list of cards on a phone). */
  label: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Opens the row's details; clicks on a link or button inside the row keep their own meaning. */
  onRowClick?: ((row: T) => void) | undefined;
  /** Width below which the desktop table scrolls sideways inside its own box (phones get cards instead). */
  minWidth?: number | undefined;
  /** The rows shown are stale (the next page is on its way). */
  busy?: boolean | undefined;
  striped?: boolean | undefined;
  rowLook?: ((row: T) => RowLook | undefined) | undefined;
  /** Cards or a table; by default from the window's width (the spec's 690 px). */
  phone?: boolean | undefined;
}

/** A cell pinned to the table's visible end: opaque (the row's own colour, else the page's) over what scrolls under. */
function stickyEnd(bg: MantineColor | undefined) {
  return {
    position: 'sticky' as const,
    insetInlineEnd: 0,
    zIndex: 1,
    ...(bg ? {} : { backgroundColor: 'var(--mantine-color-body)' }),
    boxShadow: 'inset 1px 0 0 var(--mantine-color-default-border)',
  };
}

function fromInteractive(event: MouseEvent): boolean {
  return (
    event.target instanceof Element && event.target.closest('a, button, input, [role="button"]') !== null
  );
}

/**
 * A table of rows the screen already has (a server-paged list's page, an order's refunds or instalments): Mantine's
 * Table on a desktop, scrolling sideways inside its own box below `minWidth`; on a phone (<= 690 px) one card per
 * row, every value of every column kept as a label/value line, so that nothing widens the page at 390 px.
 */
export function ResponsiveTable<T>(props: ResponsiveTableProps<T>) {
  const wide = !(useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false);
  const phone = props.phone ?? !wide;
  return phone ? <Cards {...props} /> : <DesktopTable {...props} />;
}

function DesktopTable<T>({
  label,
  columns,
  rows,
  getRowId,
  onRowClick,
  minWidth,
  busy,
  striped = true,
  rowLook,
}: ResponsiveTableProps<T>) {
  const table = (
    <Table
      striped={striped}
      highlightOnHover={onRowClick !== undefined}
      verticalSpacing="sm"
      aria-label={label}
      aria-busy={busy}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.id} style={column.stickyEnd ? stickyEnd(undefined) : undefined}>
              {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const look = rowLook?.(row);
          return (
            <Table.Tr
              key={getRowId(row)}
              bg={look?.bg}
              {...look?.data}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              onClick={
                onRowClick
                  ? (event: MouseEvent) => {
                      if (!fromInteractive(event)) onRowClick(row);
                    }
                  : undefined
              }
            >
              {columns.map((column) => (
                <Table.Td
                  key={column.id}
                  bg={column.stickyEnd ? look?.bg : undefined}
                  style={column.stickyEnd ? stickyEnd(look?.bg) : undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

function Cards<T>({ label, columns, rows, getRowId, onRowClick, busy, rowLook }: ResponsiveTableProps<T>) {
  const title = columns.find((c) => c.phone === 'title');
  const actions = columns.filter((c) => c.phone === 'action');
  const lines = columns.filter((c) => c.phone === undefined);
  return (
    <Stack component="ul" gap="sm" aria-label={label} aria-busy={busy} p={0} m={0}>
      {rows.map((row) => {
        const look = rowLook?.(row);
        return (
          <Paper
            component="li"
            key={getRowId(row)}
            withBorder
            radius="lg"
            p="md"
            bg={look?.bg}
            {...look?.data}
            style={{ listStyle: 'none', cursor: onRowClick ? 'pointer' : undefined }}
            onClick={
              onRowClick
                ? (event: MouseEvent) => {
                    if (!fromInteractive(event)) onRowClick(row);
                  }
                : undefined
            }
          >
            <Stack gap={6}>
              {title ? <Text fw={700}>{title.cell(row)}</Text> : null}
              {lines.map((column) => (
                <Group key={column.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                    {column.header}
                  </Text>
                  <Text
                    component="div"
                    size="sm"
                    ta="right"
                    style={{ minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {column.cell(row)}
                  </Text>
                </Group>
              ))}
              {actions.length > 0 ? (
                <Group justify="flex-end" gap="xs" mt={4}>
                  {actions.map((column) => (
                    <div key={column.id}>{column.cell(row)}</div>
                  ))}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
