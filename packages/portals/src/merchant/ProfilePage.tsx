import {
  authMessages,
  MerchantUpdateUserRequest,
  type MerchantUser,
  normalizePhone,
  onlyDigits,
} from '@drip/core';
import { Alert, Button, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureStatus } from '../shared/api.ts';
import { MaskedTextInput, PHONE_MASK } from '../shared/MaskedTextInput.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { type FieldErrors, validate } from '../shared/validate.ts';
import { useUpdateMerchantUser } from './api/updateUser.ts';
import { useMerchantUser } from './api/user.ts';
import { WebhooksSection } from './WebhooksSection.tsx';

/** National digits (DDD + number) of a stored phone such as '+5511912345678', for the mask. */
function nationalDigits(phone: string): string {
  const e164 = normalizePhone(phone);
  return e164 ? e164.slice(3) : onlyDigits(phone);
}

function ProfileForm({ user }: { user: MerchantUser }) {
  const update = useUpdateMerchantUser();
  const [email, setEmail] = useState(user.email);
  const [phone, setPhone] = useState(user.phone);
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const normalizedPhone = normalizePhone(phone);
    if (normalizedPhone === null) {
      setErrors({ phone: 'Informe um celular válido com DDD' });
      return;
    }
    const parsed = validate(MerchantUpdateUserRequest, {
      email,
      currentPassword,
      phone: normalizedPhone,
      newPassword: newPassword === '' ? undefined : newPassword,
    });
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
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
          />
          <MaskedTextInput
            mask={PHONE_MASK}
            label="Celular"
            type="tel"
            autoComplete="tel"
            initialUnmasked={nationalDigits(user.phone)}
            onValueChange={setPhone}
            error={errors.phone}
          />
          <PasswordInput
            label="Senha atual"
            description="Obrigatória para salvar qualquer alteração"
            autoComplete="current-password"
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.currentTarget.value)}
            error={errors.currentPassword}
            required
          />
          <PasswordInput
            label="Nova senha"
            description="Deixe em branco para manter a senha atual"
            autoComplete="new-password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.currentTarget.value)}
            error={errors.newPassword}
          />
        </SimpleGrid>
        <Button type="submit" loading={update.isPending} style={{ alignSelf: 'flex-start' }}>
          {authMessages.update}
        </Button>
      </Stack>
    </form>
  );
}

export function MerchantProfilePage() {
  const user = useMerchantUser();
  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={2}>{authMessages.myProfileMerchant}</Title>
        <Text c="dimmed">Seus dados de acesso ao portal do parceiro.</Text>
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
          <ProfileForm user={user.data} />
        )}
      </Paper>
      <WebhooksSection />
    </Stack>
  );
}
