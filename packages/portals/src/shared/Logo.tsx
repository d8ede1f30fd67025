import { Group, Text } from '@mantine/core';

/** The Drip brand mark: a drop and the word mark. */
export function Logo({ size = 28, inverted = false }: { size?: number; inverted?: boolean }) {
  const color = inverted ? '#ffffff' : 'var(--mantine-color-drip-8)';
  return (
    <Group gap={6} wrap="nowrap" aria-label="Drip">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <path d="M16 2C16 2 5 14 5 20.5a11 11 0 0 0 22 0C27 14 16 2 16 2z" fill={color} />
        <path
          d="M11.5 20.5a4.5 4.5 0 0 0 4.5 4.5"
          stroke={inverted ? 'var(--mantine-color-drip-8)' : '#ffffff'}
          strokeWidth="2.2"
          strokeLinecap="round"
          fill="none"
        />
      </svg>
      <Text component="span" fw={800} fz={size * 0.8} c={color} style={{ letterSpacing: '-0.04em' }}>
        drip
      </Text>
    </Group>
  );
}
