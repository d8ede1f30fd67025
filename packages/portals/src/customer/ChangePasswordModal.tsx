import { customerMessages, passwordMessages } from '@drip/core';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FailureAlert } from '../shared/account/FailureAlert.tsx';
import {
  EMPTY_PASSWORDS,
  type PasswordErrors,
  PasswordFields,
  type PasswordValues,
} from '../shared/account/PasswordFields.tsx';
import { failureStatus } from '../shared/api.ts';
import { notifySuccess } from '../shared/notify.ts';
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
  const [passwords, setPasswords] = useState<PasswordValues>(EMPTY_PASSWORDS);
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    setPasswords(EMPTY_PASSWORDS);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword, newPassword, confirmation } = passwords;
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
          <FailureAlert failure={failure} />
          <PasswordFields
            values={passwords}
            onChange={setPasswords}
            errors={errors}
            hints={{ newPassword: 'No mínimo 6 caracteres' }}
            newPasswordRequired
            withConfirmation
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
