import { Box, Button, Stack, Text, Title } from '@mantine/core';

/** Side panel promoting the Drip app on the login page (hidden at <= 690 px). */
export function AppPromoPanel() {
  return (
    <Box
      visibleFrom="sm"
      component="aside"
      aria-label="Conheça o app Drip"
      style={{
        flex: '1 1 50%',
        minHeight: '100vh',
        background:
          'linear-gradient(160deg, var(--mantine-color-drip-7) 0%, var(--mantine-color-drip-9) 70%, #053d37 100%)',
        color: 'white',
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Stack h="100%" mih="100vh" justify="center" align="center" p="xl" gap="xl">
        <Box
          aria-hidden="true"
          w={220}
          h={400}
          style={{
            borderRadius: 36,
            border: '10px solid rgba(255,255,255,0.9)',
            background: 'linear-gradient(180deg, #ffffff 0%, var(--mantine-color-drip-0) 100%)',
            boxShadow: '0 30px 60px rgba(0,0,0,0.35)',
            padding: 18,
            color: 'var(--mantine-color-dark-7)',
          }}
        >
          <Stack gap={10}>
            <Text fw={800} c="drip.8" fz={20}>
              drip
            </Text>
            <Text fz={11} c="dimmed">
              Próxima parcela
            </Text>
            <Text fw={700} fz={22}>
              2 de 3
            </Text>
            <Box h={8} style={{ borderRadius: 8, background: 'var(--mantine-color-drip-1)' }}>
              <Box h={8} w="66%" style={{ borderRadius: 8, background: 'var(--mantine-color-drip-6)' }} />
            </Box>
            <Box
              mt={8}
              p={10}
              style={{ borderRadius: 12, background: 'var(--mantine-color-drip-8)', color: 'white' }}
            >
              <Text fz={12} fw={700} ta="center">
                Pagar com Pix
              </Text>
            </Box>
            <Box p={10} style={{ borderRadius: 12, background: 'white', border: '1px solid #e5e7eb' }}>
              <Text fz={11} c="dimmed">
                Cashback na última parcela
              </Text>
            </Box>
          </Stack>
        </Box>
        <Stack gap="xs" maw={380} ta="center">
          <Title order={2} c="white">
            Suas parcelas na palma da mão
          </Title>
          <Text c="rgba(255,255,255,0.85)">
            Baixe o app Drip para pagar as suas parcelas no Pix, acompanhar suas compras e receber seu
            cashback.
          </Text>
        </Stack>
        <Button component="a" href="/app-download" variant="white" color="dark" radius="xl" size="md">
          Baixar o app
        </Button>
      </Stack>
    </Box>
  );
}
