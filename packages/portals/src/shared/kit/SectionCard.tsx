import { Box, Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A titled block of a page (a region named by its title), with an optional action beside the title. On a phone a
 * long title wraps onto a second line while the action stays on the title's first line, at the right: the action
 * drops under the title only when it is wider than the title could ever shrink to (a group of several buttons).
 */
export function SectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          {/* A basis well under a phone's width: the title shrinks (and wraps) before the action is pushed down. */}
          <Title order={3} size="h4" style={{ flex: '1 1 10rem', minWidth: 0, textWrap: 'balance' }}>
            {title}
          </Title>
          {/* Shrinkable once on a line of its own: a group of buttons then wraps inside the card, not past it. */}
          {action ? <Box style={{ flex: '0 1 auto', minWidth: 0, marginLeft: 'auto' }}>{action}</Box> : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
