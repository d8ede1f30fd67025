import {
  authMessages,
  type CustomerLoginRequest,
  customerLoginError,
  isValidCpf,
  onlyDigits,
} from '@drip/core';
import { Alert, Anchor, Box, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type * as v from 'valibot';
import { loginEndpoints } from '../app/deps.ts';
import { failureStatus, unwrap } from '../shared/api.ts';
import { CpfInput } from '../shared/CpfInput.tsx';
import { Logo } from '../shared/Logo.tsx';
import { PasswordInput } from '../shared/PasswordInput.tsx';
import { useSubmit } from '../shared/useSubmit.ts';
import { AppPromoPanel } from './AppPromoPanel.tsx';
import { CUSTOMER_HOME_PATH, useCustomer } from './context.tsx';

/** The help panel opens this long after a login page reached through /ajuda loads (spec 9). */
export const HELP_OPEN_DELAY_MS = 2000;

// The help panel (a Drawer: overlay, focus trap, scroll lock, transitions) is fetched when it is first wanted, not
// with the login's first screen; through /ajuda it is fetched at once and opens HELP_OPEN_DELAY_MS later.
const loadHelpDrawer = () => import('./HelpDrawer.tsx');
const HelpDrawer = lazy(async () => ({ default: (await loadHelpDrawer()).HelpDrawer }));

export function CustomerLoginPage() {
  const { session, client } = useCustomer();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const wantsHelp = searchParams.get('ajuda') === 'true';
  // The login's own submit, not the api/ hook: TanStack Query is not in a login's first load (shared/queries.tsx).
  const login = useSubmit(async (body: v.InferInput<typeof CustomerLoginRequest>) =>
    unwrap(await client.call((await loginEndpoints()).customerLogin, { body })),
  );
  const [cpf, setCpf] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<{ cpf?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the drawer's transition.
  const [helpMounted, setHelpMounted] = useState(false);
  if (helpOpen && !helpMounted) setHelpMounted(true);

  useEffect(() => {
    if (!wantsHelp) return;
    void loadHelpDrawer().catch(() => {});
    const timer = window.setTimeout(() => setHelpOpen(true), HELP_OPEN_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [wantsHelp]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = onlyDigits(cpf);
    const next = {
      cpf:
        digits === ''
          ? 'Informe seu CPF'
          : !isValidCpf(digits)
            ? 'O campo CPF fornecido é inválido'
            : undefined,
      password: password === '' ? 'Informe sua senha' : undefined,
    };
    setErrors(next);
    setFailure(null);
    if (next.cpf || next.password) return;
    login.mutate(
      { username: digits, password },
      {
        onSuccess: (pair) => {
          session.save(pair, remember);
          void navigate(CUSTOMER_HOME_PATH, { replace: true });
        },
        onError: (error) => setFailure(customerLoginError(failureStatus(error))),
      },
    );
  };

  return (
    <Box style={{ display: 'flex', minHeight: '100vh' }} bg="white">
      <Box
        style={{ flex: '1 1 50%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        p="md"
      >
        <Stack w="100%" maw={400} gap="xl">
          <Logo size={40} />
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <div>
                <Title order={1} fz={28}>
                  {authMessages.loginTitle}
                </Title>
                <Text c="dimmed">{authMessages.loginSubtitle}</Text>
              </div>
              {failure ? (
                <Alert color="red" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <CpfInput autoComplete="username" onValueChange={setCpf} error={errors.cpf} required />
              <PasswordInput
                label="Senha"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                error={errors.password}
                required
              />
              <Group justify="space-between">
                <Checkbox
                  label={authMessages.keepMeLoggedIn}
                  checked={remember}
                  onChange={(e) => setRemember(e.currentTarget.checked)}
                />
                <Anchor component={Link} to="/cliente/recuperar-login" size="sm">
                  {authMessages.forgotPassword}
                </Anchor>
              </Group>
              <Button type="submit" loading={login.isPending} fullWidth size="md">
                {authMessages.loginSubmit}
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setHelpOpen(true)}>
                Precisa de ajuda?
              </Anchor>
            </Stack>
          </form>
        </Stack>
      </Box>
      <AppPromoPanel />
      {helpMounted ? (
        <Suspense fallback={null}>
          <HelpDrawer opened={helpOpen} onClose={() => setHelpOpen(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
