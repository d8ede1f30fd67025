import {
  authMessages,
  type CustomerLoginRequest,
  customerLoginError,
  isValidCpf,
  onlyDigits,
} from '@drip/core';
import { Anchor, Box, Stack } from '@mantine/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type * as v from 'valibot';
import { loginEndpoints } from '../app/deps.ts';
import { LoginForm, type LoginTexts } from '../shared/account/LoginForm.tsx';
import { failureStatus, unwrap } from '../shared/api.ts';
import { CpfInput } from '../shared/CpfInput.tsx';
import { Logo } from '../shared/Logo.tsx';
import { useSubmit } from '../shared/useSubmit.ts';
import { AppPromoPanel } from './AppPromoPanel.tsx';
import { CUSTOMER_HOME_PATH, useCustomer } from './context.tsx';

export const CUSTOMER_LOGIN_TEXTS: LoginTexts = {
  title: authMessages.loginTitle,
  subtitle: authMessages.loginSubtitle,
  remember: authMessages.keepMeLoggedIn,
  submit: authMessages.loginSubmit,
  forgot: { label: authMessages.forgotPassword, to: '/cliente/recuperar-login' },
};

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

  const checkCpf = () => {
    const digits = onlyDigits(cpf);
    if (digits === '') return 'Informe seu CPF';
    return isValidCpf(digits) ? undefined : 'O campo CPF fornecido é inválido';
  };

  const submit = (password: string, remember: boolean) => {
    setFailure(null);
    login.mutate(
      { username: onlyDigits(cpf), password, remember },
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
          <LoginForm
            texts={CUSTOMER_LOGIN_TEXTS}
            usernameField={(error) => (
              <CpfInput autoComplete="username" onValueChange={setCpf} error={error} required />
            )}
            checkUsername={checkCpf}
            pending={login.isPending}
            failure={failure}
            onSubmit={submit}
            footer={
              <Anchor component="button" type="button" size="sm" onClick={() => setHelpOpen(true)}>
                Precisa de ajuda?
              </Anchor>
            }
          />
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
