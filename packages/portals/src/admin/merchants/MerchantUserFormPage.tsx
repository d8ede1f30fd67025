import { MERCHANT_NOTIFICATION_TYPES, onlyDigits } from '@drip/core';
import { Anchor, Button, Checkbox, Group, Paper, Radio, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ChoiceSelect,
  FailureBanner,
  LateMaskedInput,
  LoadError,
  MASKS,
  PageLoader,
} from '../../shared/kit/index.ts';
import { PasswordInput } from '../../shared/PasswordInput.tsx';
import { type MerchantUserForm, useAdminMerchantUser, useSaveMerchantUser } from '../api/merchants.ts';
import { merchantPath } from './paths.ts';

/** Spec 8: the failure banner, with ' - Email Já cadastrado' on 409 instead of the status. */
export const MERCHANT_USER_TEXTS = {
  create: 'Novo usuário do comerciante',
  edit: 'Editar usuário do comerciante',
  createFailed: 'Incapaz de criar conta de comerciante',
  editFailed: 'Incapaz de editar conta de comerciante',
  emailTaken: ' - Email Já cadastrado',
} as const;

const NOTIFICATION_LABELS: Record<(typeof MERCHANT_NOTIFICATION_TYPES)[number], string> = {
  ORDER_CREATED: 'Pedido criado',
  ORDER_CANCELED: 'Pedido cancelado',
  SETTLEMENT_CREATED: 'Repasse criado',
};

const PROVIDERS = [
  { value: 'SMS', label: 'SMS' },
  { value: 'EMAIL', label: 'E-mail' },
  { value: 'WHATSAPP', label: 'WhatsApp' },
];

/** The contract's rule for a merchant user's password, checked before the call. */
const PASSWORD_TOO_SHORT = 'A senha deve ter no mínimo 8 caracteres';

type Provider = 'SMS' | 'EMAIL' | 'WHATSAPP';
type Errors = Partial<Record<'email' | 'phone' | 'name' | 'password', string>>;

interface Loaded {
  email: string;
  phone: string;
  name: string;
  post: string | null;
  authenticationPreference: string;
  communications: { communicationType: string; notify: boolean }[];
  permissions: string[];
}

function UserForm({ merchantId, userId, user }: { merchantId: string; userId?: string; user?: Loaded }) {
  const navigate = useNavigate();
  const save = useSaveMerchantUser(merchantId, userId);
  const editing = userId !== undefined;
  const [email, setEmail] = useState(user?.email ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [post, setPost] = useState(user?.post ?? '');
  const [provider, setProvider] = useState<Provider>(
    (user?.authenticationPreference as Provider | undefined) ?? 'SMS',
  );
  // Spec 7: every notification selected by default.
  const [notify, setNotify] = useState<string[]>(
    user
      ? user.communications.filter((c) => c.notify).map((c) => c.communicationType)
      : [...MERCHANT_NOTIFICATION_TYPES],
  );
  // Spec 7: an empty permission list counts as admin.
  const [canCancel, setCanCancel] = useState(
    user ? user.permissions.length === 0 || user.permissions.includes('ADMIN') : false,
  );
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      ...(email.trim() === '' ? { email: 'Informe o e-mail' } : {}),
      ...(onlyDigits(phone).length < 12 ? { phone: 'Informe o telefone' } : {}),
      ...(name.trim() === '' ? { name: 'Informe o nome' } : {}),
      ...(!editing && password === ''
        ? { password: 'Informe a senha' }
        : password !== '' && password.length < 8
          ? { password: PASSWORD_TOO_SHORT }
          : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const body: MerchantUserForm = {
      email: email.trim(),
      phone,
      name: name.trim(),
      post: post.trim() === '' ? null : post.trim(),
      authenticationPreference: provider,
      communications: MERCHANT_NOTIFICATION_TYPES.map((type) => ({
        communicationType: type,
        notify: notify.includes(type),
      })),
      permissions: canCancel ? ['ADMIN', 'READ'] : ['READ'],
      password: password === '' ? null : password,
    };
    try {
      await save.mutateAsync(body);
      await navigate(merchantPath(merchantId));
    } catch {
      // The banner shows the failure (save.error).
    }
  };
  const title = editing ? MERCHANT_USER_TEXTS.edit : MERCHANT_USER_TEXTS.create;
  return (
    <Stack gap="lg" maw={560}>
      <Anchor component={Link} to={merchantPath(merchantId)} size="sm">
        Voltar para o comerciante
      </Anchor>
      <Title order={2}>{title}</Title>
      <FailureBanner
        title={editing ? MERCHANT_USER_TEXTS.editFailed : MERCHANT_USER_TEXTS.createFailed}
        error={save.error}
        describe={(status) => (status === 409 ? MERCHANT_USER_TEXTS.emailTaken : undefined)}
      />
      <Paper withBorder radius="lg" p="lg">
        <form onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
          <Stack gap="md">
            <TextInput
              label="E-mail"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={errors.email}
            />
            <LateMaskedInput
              label="Telefone"
              required
              mask={MASKS.phone}
              inputMode="tel"
              initialUnmasked={user ? onlyDigits(user.phone).replace(/^55/, '') : ''}
              onValueChange={setPhone}
              error={errors.phone}
            />
            <TextInput
              label="Nome"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput label="Cargo" value={post} onChange={(e) => setPost(e.currentTarget.value)} />
            <Checkbox.Group label="Notificações" value={notify} onChange={setNotify}>
              <Stack gap="xs" mt="xs">
                {MERCHANT_NOTIFICATION_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={NOTIFICATION_LABELS[type]} />
                ))}
              </Stack>
            </Checkbox.Group>
            <ChoiceSelect
              label="Autenticação em duas etapas"
              required
              data={PROVIDERS}
              value={provider}
              onChange={(value) => setProvider((value as Provider | null) ?? 'SMS')}
            />
            <Radio.Group
              label="Pode cancelar/pedido"
              required
              value={canCancel ? 'yes' : 'no'}
              onChange={(value) => setCanCancel(value === 'yes')}
            >
              <Group gap="lg" mt="xs">
                <Radio value="yes" label="Sim" />
                <Radio value="no" label="Não" />
              </Group>
            </Radio.Group>
            <PasswordInput
              label="Senha"
              required={!editing}
              description={editing ? 'Deixe em branco para manter a senha atual.' : undefined}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {editing ? 'Atualizar' : 'Criar'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

/** The merchant user's create/edit form (spec 2.2, 5, 7, 8). */
export function MerchantUserFormPage() {
  const { merchantId = '', merchantUserId } = useParams();
  const query = useAdminMerchantUser(merchantUserId);
  if (merchantUserId === undefined) return <UserForm merchantId={merchantId} />;
  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar o usuário"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  return <UserForm key={merchantUserId} merchantId={merchantId} userId={merchantUserId} user={query.data} />;
}
