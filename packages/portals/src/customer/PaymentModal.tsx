import {
  type Cents,
  type CustomerInstalment,
  copyText,
  customerMessages,
  formatBRL,
  formatDateTime,
  payInstalmentLabel,
  type UniquePayment,
} from '@drip/core';
import {
  Alert,
  Button,
  Center,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useEffect, useRef } from 'react';
import { notifyError, notifySuccess } from '../shared/notify.ts';
import { isInstalmentPaid, useInstalmentPolling } from './api/instalment.ts';
import { isUniquePaymentPaid, useUniquePaymentPolling } from './api/uniquePaymentStatus.ts';

/** Texts of the payment modals ('Parcela paga!' and 'Pagamento ja feito' are the spec's, as written). */
export const paymentModalMessages = {
  paid: 'Parcela paga!',
  paidAll: 'Todas as parcelas desta compra foram pagas.',
  paidOne: (n: number) => `Recebemos o pagamento da parcela ${n}.`,
  alreadyPaid: 'Pagamento ja feito',
  waiting: 'Aguardando a confirmação do pagamento…',
  copy: 'Copiar código Pix',
  instructions: 'Abra o app do seu banco, escolha pagar com Pix e leia o QR Code ou cole o código abaixo.',
  noPix: 'O Pix desta parcela ainda não está disponível. Feche e tente novamente em alguns instantes.',
  close: 'Fechar',
} as const;

/** What is being paid: one instalment (PUT pay_instalment) or all pending ones (POST unique_payment). */
export type PaymentTarget =
  | { kind: 'instalment'; instalment: CustomerInstalment }
  | { kind: 'all'; payment: UniquePayment };

interface PixView {
  amount: Cents;
  qrCode: string;
  qrCodeText: string;
  expiresAt: string;
}

function PixCharge({ pix, checking, onCheck }: { pix: PixView; checking: boolean; onCheck: () => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    if (await copyText(pix.qrCodeText, area.current)) notifySuccess(customerMessages.copied);
    else notifyError(customerMessages.copyFailed);
  };
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {paymentModalMessages.instructions}
      </Text>
      <Group justify="space-between">
        <Text>Valor</Text>
        <Text fw={700} fz="lg">
          {formatBRL(pix.amount)}
        </Text>
      </Group>
      <Center>
        <Image src={pix.qrCode} alt="QR Code do Pix" w={220} h={220} fit="contain" />
      </Center>
      <Text size="xs" c="dimmed" ta="center">
        {`Válido até ${formatDateTime(pix.expiresAt)}`}
      </Text>
      <Textarea ref={area} label="Pix copia e cola" readOnly rows={4} value={pix.qrCodeText} />
      <Button onClick={() => void copy()}>{paymentModalMessages.copy}</Button>
      <Group gap="xs" justify="center" role="status">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {paymentModalMessages.waiting}
        </Text>
      </Group>
      <Button variant="default" loading={checking} onClick={onCheck}>
        {paymentModalMessages.alreadyPaid}
      </Button>
    </Stack>
  );
}

function Paid({ detail, onClose }: { detail: string; onClose: () => void }) {
  return (
    <Stack align="center" gap="sm" py="md">
      <ThemeIcon size={64} radius="xl" color="drip" aria-hidden="true">
        <svg aria-hidden="true" width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor">
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </ThemeIcon>
      <Title order={3}>{paymentModalMessages.paid}</Title>
      <Text c="dimmed" ta="center">
        {detail}
      </Text>
      <Button onClick={onClose} mt="sm">
        {paymentModalMessages.close}
      </Button>
    </Stack>
  );
}

/** Calls `onPaid` once, when the payment is seen (the page behind then reloads the order, not only on close). */
function useOnPaid(paid: boolean, onPaid: () => void) {
  const reported = useRef(false);
  const latest = useRef(onPaid);
  latest.current = onPaid;
  useEffect(() => {
    if (paid && !reported.current) {
      reported.current = true;
      latest.current();
    }
  }, [paid]);
}

interface PaymentProps {
  onClose: () => void;
  onPaid: () => void;
}

function InstalmentPayment({
  instalment,
  onClose,
  onPaid,
}: PaymentProps & { instalment: CustomerInstalment }) {
  const paidAlready = isInstalmentPaid(instalment);
  const poll = useInstalmentPolling(instalment.id, !paidAlready);
  const current = poll.data ?? instalment;
  useOnPaid(isInstalmentPaid(current), onPaid);
  if (isInstalmentPaid(current))
    return <Paid detail={paymentModalMessages.paidOne(current.number)} onClose={onClose} />;
  const pix = current.payment ?? instalment.payment;
  if (!pix)
    return (
      <Alert color="yellow" role="alert">
        {paymentModalMessages.noPix}
      </Alert>
    );
  return (
    <PixCharge
      pix={{
        amount: current.amountToPay,
        qrCode: pix.qrCode,
        qrCodeText: pix.qrCodeText,
        expiresAt: pix.expiresAt,
      }}
      checking={poll.isFetching}
      onCheck={() => void poll.refetch()}
    />
  );
}

function AllPayment({ payment, onClose, onPaid }: PaymentProps & { payment: UniquePayment }) {
  const paidAlready = isUniquePaymentPaid(payment);
  const poll = useUniquePaymentPolling(payment.id, !paidAlready);
  const current = poll.data ?? payment;
  useOnPaid(isUniquePaymentPaid(current), onPaid);
  if (isUniquePaymentPaid(current)) return <Paid detail={paymentModalMessages.paidAll} onClose={onClose} />;
  return <PixCharge pix={current} checking={poll.isFetching} onCheck={() => void poll.refetch()} />;
}

/**
 * The Pix of one instalment or of every pending one (spec 2.3, 4): QR image, copy-paste text with the copy
 * fallback, polling every 3 s until paid, then 'Parcela paga!'. `onPaid` runs as soon as the payment is seen, so
 * that the table behind the modal is not left saying pending; closing hands back to the page (which reloads the
 * order too).
 */
export function PaymentModal({
  target,
  onClose,
  onPaid,
}: {
  target: PaymentTarget | null;
  onClose: () => void;
  onPaid: () => void;
}) {
  const title =
    target === null
      ? ''
      : target.kind === 'instalment'
        ? payInstalmentLabel(target.instalment.number)
        : customerMessages.payAllInstalments;
  return (
    <Modal opened={target !== null} onClose={onClose} title={title} centered>
      {target?.kind === 'instalment' ? (
        <InstalmentPayment
          key={target.instalment.id}
          instalment={target.instalment}
          onClose={onClose}
          onPaid={onPaid}
        />
      ) : target?.kind === 'all' ? (
        <AllPayment key={target.payment.id} payment={target.payment} onClose={onClose} onPaid={onPaid} />
      ) : null}
    </Modal>
  );
}
