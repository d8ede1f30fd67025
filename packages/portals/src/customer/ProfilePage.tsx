import {
  type CustomerProfile,
  CustomerUpdateProfileRequest,
  formatCpf,
  formatPhone,
  onlyDigits,
} from '@drip/core';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { failureStatus } from '../shared/api.ts';
import { CEP_MASK, MaskedTextInput } from '../shared/MaskedTextInput.tsx';
import { notifySuccess } from '../shared/notify.ts';
import { LoadError, PageLoader } from '../shared/QueryState.tsx';
import { type FieldErrors, validate } from '../shared/validate.ts';
import { useUpdateCustomerUser } from './api/updateUser.ts';
import { useCustomerUser } from './api/user.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';
import { useCustomerLogout } from './context.tsx';

type EditableKey =
  | 'name'
  | 'email'
  | 'birthDate'
  | 'addressCep'
  | 'addressStreet'
  | 'addressNumber'
  | 'addressComplement'
  | 'addressNeighborhood'
  | 'addressCity'
  | 'addressState';

type Values = Record<EditableKey, string>;

function initialValues(user: CustomerProfile): Values {
  return {
    name: user.name,
    email: user.email ?? '',
    birthDate: user.birthDate ?? '',
    addressCep: user.addressCep ?? '',
    addressStreet: user.addressStreet ?? '',
    addressNumber: user.addressNumber ?? '',
    addressComplement: user.addressComplement ?? '',
    addressNeighborhood: user.addressNeighborhood ?? '',
    addressCity: user.addressCity ?? '',
    addressState: user.addressState ?? '',
  };
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function ProfileForm({ user }: { user: CustomerProfile }) {
  const update = useUpdateCustomerUser();
  const logout = useCustomerLogout();
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordOpen, setPasswordOpen] = useState(false);

  const field = (key: EditableKey) => ({
    value: values[key],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
    error: errors[key],
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    // CPF and phone are never sent from the customer portal.
    const parsed = validate(CustomerUpdateProfileRequest, {
      name: values.name,
      email: values.email,
      birthDate: orNull(values.birthDate),
      addressCep: orNull(values.addressCep),
      addressStreet: orNull(values.addressStreet),
      addressNumber: orNull(values.addressNumber),
      addressComplement: orNull(values.addressComplement),
      addressNeighborhood: orNull(values.addressNeighborhood),
      addressCity: orNull(values.addressCity),
      addressState: orNull(values.addressState.toUpperCase()),
    });
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    update.mutate(parsed.value, {
      // Spec 7: a changed phone ends the session (never sent from here, but the server decides).
      onSuccess: (data) => (data.phoneUpdated ? logout() : notifySuccess('Dados atualizados com sucesso')),
      onError: (error) => setFailure(`Incapaz de editar (${failureStatus(error)})`),
    });
  };

  return (
    <>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          {failure ? (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          ) : null}
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="md">
              <Title order={3} fz="lg">
                Dados pessoais
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="Nome" autoComplete="name" required {...field('name')} />
                <TextInput label="E-mail" type="email" autoComplete="email" required {...field('email')} />
                <TextInput
                  label="Data de nascimento"
                  type="date"
                  autoComplete="bday"
                  {...field('birthDate')}
                />
                <TextInput
                  label="CPF"
                  value={formatCpf(user.cpf)}
                  readOnly
                  disabled
                  description="O CPF não pode ser alterado"
                />
                <TextInput
                  label="Celular"
                  value={formatPhone(user.phone)}
                  readOnly
                  disabled
                  description="Para trocar o celular, fale com o suporte"
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Paper withBorder radius="lg" p="xl">
            <Stack gap="md">
              <Title order={3} fz="lg">
                Endereço
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <MaskedTextInput
                  mask={CEP_MASK}
                  label="CEP"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  initialUnmasked={onlyDigits(user.addressCep ?? '')}
                  onValueChange={(value) => setValues((current) => ({ ...current, addressCep: value }))}
                  error={errors.addressCep}
                />
                <TextInput label="Rua" autoComplete="address-line1" {...field('addressStreet')} />
                <TextInput label="Número" {...field('addressNumber')} />
                <TextInput label="Complemento" autoComplete="address-line2" {...field('addressComplement')} />
                <TextInput label="Bairro" {...field('addressNeighborhood')} />
                <TextInput label="Cidade" autoComplete="address-level2" {...field('addressCity')} />
                <TextInput
                  label="Estado (UF)"
                  maxLength={2}
                  autoComplete="address-level1"
                  {...field('addressState')}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
          <Group justify="space-between">
            <Button variant="default" onClick={() => setPasswordOpen(true)}>
              Alterar senha
            </Button>
            <Button type="submit" loading={update.isPending}>
              Salvar alterações
            </Button>
          </Group>
        </Stack>
      </form>
      <ChangePasswordModal opened={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </>
  );
}

export function CustomerProfilePage() {
  const user = useCustomerUser();
  return (
    <Stack gap="lg" maw={860}>
      <div>
        <Title order={2}>Meu perfil</Title>
        <Text c="dimmed">Mantenha seus dados atualizados.</Text>
      </div>
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
    </Stack>
  );
}
