import { AdminUpdateUserRequest } from '@drip/core';
import { ProfileForm, ProfilePanel } from '../shared/account/ProfileForm.tsx';
import { validate } from '../shared/validate.ts';
import { useUpdateAdminUser } from './api/updateUser.ts';
import { useAdminUser } from './api/user.ts';

export function AdminProfilePage() {
  const user = useAdminUser();
  const update = useUpdateAdminUser();
  return (
    <ProfilePanel
      title="Meu perfil"
      subtitle="Altere o e-mail de acesso e a senha da sua conta."
      maxWidth={560}
      user={user}
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
