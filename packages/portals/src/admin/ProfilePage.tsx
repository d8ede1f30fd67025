import { AdminUpdateUserRequest } from '@drip/core';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ProfileForm, ProfilePanel } from '../shared/account/ProfileForm.tsx';
import { validate } from '../shared/validate.ts';
import { useUpdateAdminUser } from './api/updateUser.ts';
import { useAdminUser } from './api/user.ts';
import { DEAD_TASKS_PATH } from './jobs/paths.ts';

/**
 * The operator's screens the spec's top navigation (fixed: Pedidos, Parceiros, Lojas, Clientes) has no place for
 * (docs/jobs.md, "Dead tasks").
 */
function OperationsSection() {
  return (
    <Paper withBorder radius="lg" p="xl" component="section" aria-labelledby="operations-title">
      <Stack gap="xs">
        <Title order={3} id="operations-title">
          Operações
        </Title>
        <Text c="dimmed" size="sm">
          As tarefas das filas que falharam de vez, para colocar de volta na fila.
        </Text>
        <Anchor component={Link} to={DEAD_TASKS_PATH}>
          Tarefas com falha
        </Anchor>
      </Stack>
    </Paper>
  );
}

export function AdminProfilePage() {
  const user = useAdminUser();
  const update = useUpdateAdminUser();
  return (
    <ProfilePanel
      title="Meu perfil"
      subtitle="Altere o e-mail de acesso e a senha da sua conta."
      maxWidth={560}
      user={user}
      after={<OperationsSection />}
    >
      {(data) => (
        <ProfileForm
          initialEmail={data.username}
          emailKey="username"
          emailAutoComplete="username"
          hints={{ newPassword: 'No mínimo 6 caracteres; deixe em branco para manter a senha atual' }}
          submitLabel="Atualizar"
          prepare={({ email, currentPassword, newPassword }) =>
            validate(AdminUpdateUserRequest, {
              username: email,
              currentPassword,
              newPassword: newPassword === '' ? undefined : newPassword,
            })
          }
          save={update}
        />
      )}
    </ProfilePanel>
  );
}
