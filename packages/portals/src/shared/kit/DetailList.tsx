import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Spec 2.2/2.4: read-only details show 'N/A' for a value that is not there. */
export const NOT_AVAILABLE = 'N/A';

export interface DetailItem {
  label: string;
  /** null, undefined, '' and whitespace show 'N/A'; 0 and false are values. */
  value: ReactNode;
}

export function isEmptyValue(value: ReactNode): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A read-only label/value list, one column on phones, up to `cols` on wide screens. */
export function DetailList({ items, cols = 3 }: { items: readonly DetailItem[]; cols?: number }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: Math.min(2, cols), md: cols }} spacing="lg" m={0}>
      {items.map((item) => (
        <Stack key={item.label} gap={2}>
          <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          <Text component="dd" fw={500} m={0}>
            {isEmptyValue(item.value)
              ? NOT_AVAILABLE
              : typeof item.value === 'boolean'
                ? item.value
                  ? 'Sim'
                  : 'Não'
                : item.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
