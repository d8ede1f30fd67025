import { copyText } from '@drip/core';
import { Button, type ButtonProps } from '@mantine/core';
import { notifyError, notifySuccess } from '../notify.ts';

export const copyMessages = {
  /** Spec 2.4: the toast after copying a link. */
  copied: 'Copiado',
  failed: 'Não foi possível copiar. Selecione o texto e copie manualmente.',
} as const;

/** Copies `value` to the clipboard with the spec's 'Copiado' toast (or a failure toast, never silence). */
export function CopyButton({
  value,
  children = 'Copiar',
  failedMessage = copyMessages.failed,
  copiedMessage = copyMessages.copied,
  ...button
}: Omit<ButtonProps, 'onClick'> & {
  value: string;
  children?: string;
  failedMessage?: string;
  /** The success toast, when a screen's spec words it otherwise ('Pix copiado para área de transferência'). */
  copiedMessage?: string;
}) {
  const copy = async () => {
    if (await copyText(value, null)) notifySuccess(copiedMessage);
    else notifyError(failedMessage);
  };
  return (
    <Button variant="light" {...button} onClick={() => void copy()}>
      {children}
    </Button>
  );
}
