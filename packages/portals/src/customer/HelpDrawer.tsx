import { DRIP_SUPPORT_EMAIL } from '@drip/core';
import { Anchor, Drawer, Paper, Stack, Text } from '@mantine/core';

/** Drip's customer support contact: core's one help address (the spec does not give it). */
export const SUPPORT_EMAIL = DRIP_SUPPORT_EMAIL;
export const SUPPORT_HOURS = 'Segunda a sexta-feira, das 9h às 18h (horário de Brasília)';

export function HelpDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" title="Ajuda">
      <Stack gap="md">
        <Text>Olá! Precisa de ajuda com suas compras, parcelas ou com o acesso à sua conta?</Text>
        <Paper withBorder radius="md" p="md">
          <Stack gap={4}>
            <Text fw={600}>Fale com a gente por e-mail</Text>
            <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
            <Text size="sm" c="dimmed">
              {SUPPORT_HOURS}
            </Text>
          </Stack>
        </Paper>
        <Text size="sm" c="dimmed">
          Esqueceu a senha? Use o link “Esqueci a senha” na tela de login para receber um código por SMS.
        </Text>
      </Stack>
    </Drawer>
  );
}
