import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** An honest empty state: says what is missing and, optionally, what to do. */
export function EmptyState({
  title,
  description,
  action,
}: {
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p="xl" role="status">
      <Stack align="center" gap="sm" py="lg">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <svg
            aria-hidden="true"
            width="28"
            height="28"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <rect x="3" y="5" width="18" height="14" rx="2" />
            <path d="M3 9h18M8 14h5" strokeLinecap="round" />
          </svg>
        </ThemeIcon>
        <Title order={3} ta="center" fz="lg">
          {title}
        </Title>
        <Text c="dimmed" ta="center" maw={460}>
          {description}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
