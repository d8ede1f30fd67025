import { customerMessages, passwordMessages } from '@drip/core';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureStatus } from '../shared/api.ts';
import { notifySuccess } from '../shared/notify.ts';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { useUpdateCustomerUser } from './api/updateUser.ts';
import { useCustomerLogout } from './context.tsx';

/** 4xx answers mean the current password was not accepted; anything else is a failure of ours. */
function passwordChangeError(status: number): string {
  return status >= 400 && status < 500
    ? customerMessages.passwordChangeRejected
    : customerMessages.passwordChangeFailed;
}

export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const update = useUpdateCustomerUser();
  const logout = useCustomerLogout();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{
    currentPassword?: string;
    newPassword?: string;
    confirmation?: string;
  }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setCurrentPassword('');
    setNewPassword('');
    setConfirmation('');
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      currentPassword: currentPassword === '' ? 'Informe sua senha atual' : undefined,
      newPassword: newPassword.length < 6 ? passwordMessages.newMin6 : undefined,
      confirmation: newPassword !== confirmation ? passwordMessages.mustMatch : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.currentPassword || next.newPassword || next.confirmation) return;
    update.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess('Senha alterada com sucesso. Entre novamente com a nova senha.');
          logout();
        },
        onError: (error) => setFailure(passwordChangeError(failureStatus(error))),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Alterar senha" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <PasswordInput
            label="Senha atual"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            error={errors.currentPassword}
            required
          />
          <PasswordInput
            label="Nova senha"
            description="No mínimo 6 caracteres"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
            error={errors.newPassword}
            required
          />
          <PasswordInput
            label="Confirme a nova senha"
            autoComplete="new-password"
            value={confirmation}
            onChange={(e) => setConfirmation(e.currentTarget.value)}
            error={errors.confirmation}
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={update.isPending}>
              Alterar senha
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
