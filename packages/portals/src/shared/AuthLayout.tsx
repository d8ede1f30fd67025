import { Box, Center, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';

/** Centered card used by the admin and merchant login and recovery screens. */
export function AuthLayout({ children, caption }: { children: ReactNode; caption?: string }) {
  return (
    <Box
      mih="100vh"
      style={{
        background:
          'radial-gradient(circle at 15% 10%, var(--mantine-color-drip-1) 0, transparent 45%), radial-gradient(circle at 85% 90%, var(--mantine-color-drip-0) 0, transparent 40%), var(--mantine-color-gray-0)',
      }}
    >
      <Center mih="100vh" p="md">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Stack gap={4} align="center">
              <Logo size={40} />
              {caption ? (
                <Box c="dimmed" fz="sm">
                  {caption}
                </Box>
              ) : null}
            </Stack>
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
        </Stack>
      </Center>
    </Box>
  );
}
