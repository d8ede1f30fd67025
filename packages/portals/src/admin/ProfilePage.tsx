import { AdminUpdateUserRequest } from '@drip/core';
import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureStatus } from '../shared/api.ts';
import { notifySuccess } from '../shared/notify.ts';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { type FieldErrors, validate } from '../shared/validate.ts';
import { useUpdateAdminUser } from './api/updateUser.ts';
import { useAdminUser } from './api/user.ts';

function ProfileForm({ initialUsername }: { initialUsername: string }) {
  const update = useUpdateAdminUser();
  const [username, setUsername] = useState(initialUsername);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = validate(AdminUpdateUserRequest, { username, currentPassword, newPassword });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(parsed.value, {
      onSuccess: () => {
        setCurrentPassword('');
        setNewPassword('');
        notifySuccess('Perfil atualizado com sucesso');
      },
      onError: (error) => setFailure(`Incapaz de editar (${failureStatus(error)})`),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          required
        />
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
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          Atualizar
        </Button>
      </Stack>
    </form>
  );
}

export function AdminProfilePage() {
  const user = useAdminUser();
  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={2}>Meu perfil</Title>
        <Text c="dimmed">Altere o e-mail de acesso e a senha da sua conta.</Text>
      </div>
      <Paper withBorder radius="lg" p="xl">
        {user.isPending ? (
          <PageLoader />
        ) : user.isError ? (
          <LoadError
            title="Não foi possível carregar seu perfil"
            error={user.error}
            onRetry={() => void user.refetch()}
          />
        ) : (
          <ProfileForm initialUsername={user.data.username} />
        )}
      </Paper>
    </Stack>
  );
}
