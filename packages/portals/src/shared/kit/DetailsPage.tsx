import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LoadError, PageLoader } from '../QueryState.tsx';
import { type DetailItem, DetailList } from './DetailList.tsx';
import { SectionCard } from './SectionCard.tsx';

/**
 * A record's details page (a merchant's, a customer's): the way back to the list, the title with the record's name
 * under it and the page's actions beside it (under it on a phone), then the page's sections.
 */
export function DetailsPage({
  back,
  title,
  subtitle,
  actions,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg">
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>{title}</Title>
          {subtitle ? <Text c="dimmed">{subtitle}</Text> : null}
        </div>
        {actions ? (
          <Group gap="sm" wrap="wrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}

/** A titled section that is one label/value list ('N/A' for what is not there). */
export function DetailSection({
  title,
  items,
  cols,
  action,
}: {
  title: string;
  items: readonly DetailItem[];
  cols?: number;
  action?: ReactNode;
}) {
  return (
    <SectionCard title={title} action={action}>
      <DetailList items={items} {...(cols === undefined ? {} : { cols })} />
    </SectionCard>
  );
}

/** A page that reads one record: the loader, the failure with its status and a retry, then the page. */
export function QueryPage<T>({
  query,
  loadFailed,
  children,
}: {
  query: UseQueryResult<T>;
  /** The failure's title ('Não foi possível carregar o cliente'). */
  loadFailed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return <LoadError title={loadFailed} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
