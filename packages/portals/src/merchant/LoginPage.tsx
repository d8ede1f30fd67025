import {
  authMessages,
  type MerchantLoginChallenge,
  type MerchantLoginRequest,
  maskPhoneForDisplay,
  merchantLoginError,
  type TokenPair,
} from '@drip/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type * as v from 'valibot';
import { loginEndpoints } from '../app/deps.ts';
import { AuthLayout } from '../shared/AuthLayout.tsx';
import {
  LoginForm,
  type LoginTexts,
  useEmailUsername,
  useLoginFields,
} from '../shared/account/LoginForm.tsx';
import { TwoStepForm, type TwoStepTexts } from '../shared/account/TwoStepForm.tsx';
import { failureStatus, unwrap } from '../shared/api.ts';
import { useSubmit } from '../shared/useSubmit.ts';
import { useMerchant } from './context.tsx';
import { resolveLoginRedirect } from './redirect.ts';

// For the area guard, which loads this page's module only when it sends the visitor here: the redirect rules
// travel with the login page, not in the entry every first page fetches.
export { loginRedirectFor } from './redirect.ts';

export const MERCHANT_LOGIN_TEXTS: LoginTexts = {
  title: authMessages.loginTitle,
  subtitle: authMessages.loginSubtitle,
  remember: authMessages.keepMeLoggedIn,
  submit: authMessages.loginSubmit,
  forgot: { label: 'Esqueci a senha', to: '/parceira/recuperar-login' },
};

export const MERCHANT_TWO_STEP_TEXTS: TwoStepTexts = {
  title: authMessages.twoStepTitle,
  codeLabel: 'Drip Token',
  submit: 'Confirmar',
  back: authMessages.back,
};

type Step = { step: 'credentials' } | { step: 'token'; username: string; challenge: MerchantLoginChallenge };

function isTokenPair(data: TokenPair | MerchantLoginChallenge): data is TokenPair {
  return 'token' in data;
}

/** Where the code went: the masked phone, and the e-mail when the server sent it there too. */
export function CodeSentTo({ challenge }: { challenge: MerchantLoginChallenge }) {
  return (
    <>
      Enviamos um código de 6 dígitos por SMS para <strong>{maskPhoneForDisplay(challenge.phone)}</strong>
      {challenge.email ? (
        <>
          {' '}
          e para o e-mail <strong>{challenge.email}</strong>
        </>
      ) : null}
      .
    </>
  );
}

export function MerchantLoginPage() {
  const { session, redirectStorage, client } = useMerchant();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The login's own submit, not the api/ hook: TanStack Query is not in a login's first load (shared/queries.tsx).
  const login = useSubmit(async (body: v.InferInput<typeof MerchantLoginRequest>) =>
    unwrap(await client.call((await loginEndpoints()).merchantLogin, { body })),
  );
  const [state, setState] = useState<Step>({ step: 'credentials' });
  const email = useEmailUsername({ type: 'email' });
  const [failure, setFailure] = useState<string | null>(null);
  // Held here: 'Voltar' from the code step finds the password and the checkbox as they were, and the checkbox of the
  // first step decides how long the session of the second lives.
  const fields = useLoginFields();

  const finish = (pair: TokenPair) => {
    session.save(pair, fields.remember);
    void navigate(resolveLoginRedirect(searchParams.get('redirectTo'), redirectStorage), { replace: true });
  };

  if (state.step === 'token') {
    return (
      <AuthLayout caption="Portal do parceiro">
        <TwoStepForm
          texts={MERCHANT_TWO_STEP_TEXTS}
          sentTo={<CodeSentTo challenge={state.challenge} />}
          pending={login.isPending}
          failure={failure}
          onSubmit={(smsCode) => {
            setFailure(null);
            login.mutate(
              { username: state.username, smsCode, remember: fields.remember },
              {
                onSuccess: (data) => {
                  if (isTokenPair(data)) finish(data);
                  else setFailure(merchantLoginError(0, 'token'));
                },
                onError: (error) => setFailure(merchantLoginError(failureStatus(error), 'token')),
              },
            );
          }}
          onBack={() => {
            setFailure(null);
            setState({ step: 'credentials' });
          }}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout caption="Portal do parceiro">
      <LoginForm
        texts={MERCHANT_LOGIN_TEXTS}
        usernameField={email.usernameField}
        checkUsername={email.checkUsername}
        pending={login.isPending}
        failure={failure}
        fields={fields}
        onSubmit={(password) => {
          setFailure(null);
          login.mutate(
            { username: email.username, password },
            {
              onSuccess: (data) => {
                if (isTokenPair(data)) finish(data);
                else setState({ step: 'token', username: email.username, challenge: data });
              },
              onError: (error) => setFailure(merchantLoginError(failureStatus(error), 'password')),
            },
          );
        }}
      />
    </AuthLayout>
  );
}
