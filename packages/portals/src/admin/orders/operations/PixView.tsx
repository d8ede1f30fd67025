import { type Cents, formatBRL, formatDateTime } from '@drip/core';
import { Button, Code, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { CopyButton } from '../../../shared/kit/index.ts';
import { OPERATION_TEXTS as T } from './texts.ts';

export interface ShownPix {
  qrCode: string;
  qrCodeText: string;
  /** Centavos. */
  amount: Cents;
  expiresAt: string | null;
}

/** A Pix to hand to the customer: its QR code, its copia-e-cola and 'Copiar Pix' (spec 8's toasts). */
export function PixModal({ title, pix, onClose }: { title: string; pix: ShownPix; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={title} centered>
      <Stack gap="md" align="stretch">
        <Text fw={700} size="lg">
          {formatBRL(pix.amount)}
        </Text>
        <Image src={pix.qrCode} alt={T.qrAlt} w={200} h={200} mx="auto" />
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} aria-label="Pix copia e cola">
          {pix.qrCodeText}
        </Code>
        {pix.expiresAt ? (
          <Text size="sm" c="dimmed">
            {T.expiresAt(formatDateTime(pix.expiresAt))}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {T.close}
          </Button>
          <CopyButton value={pix.qrCodeText} copiedMessage={T.pixCopied} failedMessage={T.copyFailed}>
            {T.copyPix}
          </CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
