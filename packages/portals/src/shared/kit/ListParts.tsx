/**
 * The pieces around a back-office list that every list screen repeated: its header (title, a line under it, a
 * link back, the add button), the column whose button opens a row, and a whole list shown as the one page
 * `DataList` takes.
 */
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { DataList, type DataListColumn, type DataListProps, type ListPage } from './DataList.tsx';

type PageQuery<T> = DataListProps<T>['query'];

/**
 * A whole list (categories, tags: the catalogue answers them unpaged) as the one page the kit's DataList shows, so
 * that these screens declare columns and actions like every other list.
 */
export function asOnePage<T>(query: UseQueryResult<T[]>): PageQuery<T> {
  const rows = query.data;
  const page: ListPage<T> | undefined =
    rows === undefined ? undefined : { content: rows, number: 0, totalPages: 1, totalElements: rows.length };
  return {
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    isPlaceholderData: query.isPlaceholderData,
    // DataList only calls it to try again; what it resolves to is not read.
    refetch: query.refetch as unknown as PageQuery<T>['refetch'],
    data: page,
  } as PageQuery<T>;
}

/**
 * The 'Ações' column of a list: one small button that opens the row ('Detalhes', 'Editar'), named after the row for
 * screen readers; on a phone it sits at the foot of the card.
 */
export function linkColumn<T>(link: {
  label: string;
  to: (row: T) => string;
  ariaLabel: (row: T) => string;
}): DataListColumn<T> {
  return {
    id: 'actions',
    header: 'Ações',
    hideHeader: true,
    phone: 'action',
    cell: (row) => (
      <Button component={Link} to={link.to(row)} size="xs" variant="light" aria-label={link.ariaLabel(row)}>
        {link.label}
      </Button>
    ),
  };
}

export interface ListHeaderProps {
  title: string;
  /** A dimmed line under the title. */
  description?: ReactNode;
  /** A link above the title back to the screen this list belongs to. */
  back?: { to: string; label: string };
  /** Beside the title, at the right (an add button); wraps under it on a phone. */
  action?: ReactNode;
  /** The usual action: a link to the create page. */
  add?: { to: string; label: string };
}

/** A list screen's header: the title (an h2) with its line, the way back and the action. */
export function ListHeader({ title, description, back, action, add }: ListHeaderProps) {
  const addButton = add ? (
    <Button component={Link} to={add.to}>
      {add.label}
    </Button>
  ) : null;
  const heading = <Title order={2}>{title}</Title>;
  const header = (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      {description ? (
        <div>
          {heading}
          <Text c="dimmed">{description}</Text>
        </div>
      ) : (
        heading
      )}
      {action ?? addButton}
    </Group>
  );
  if (!back) return header;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      {header}
    </Stack>
  );
}

export interface WholeListProps<T>
  extends Pick<DataListProps<T>, 'label' | 'columns' | 'getRowId' | 'minWidth' | 'errorTitle' | 'empty'> {
  /** The whole list, as the API answers it unpaged. */
  query: UseQueryResult<T[]>;
  /** Where a row's click goes (its edit or details page). */
  rowPath: (row: T) => string;
}

/** A short list the API answers whole (categories, tags): the DataList's states and cards, on one page. */
export function WholeList<T>({ query, rowPath, ...props }: WholeListProps<T>) {
  const navigate = useNavigate();
  return (
    <DataList
      {...props}
      query={asOnePage(query)}
      onPageChange={() => {}}
      onRowClick={(row) => void navigate(rowPath(row))}
      skeletonRows={5}
    />
  );
}
