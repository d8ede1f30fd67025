/** A login built from the account pieces with an e-mail username: for their stories and tests, never the app. */
import { LoginForm, type LoginTexts, useEmailUsername } from './LoginForm.tsx';

export const DEMO_LOGIN_TEXTS: LoginTexts = {
  title: 'Olá',
  subtitle: 'Faça login para acessar sua conta',
  remember: 'Mantenha-me conectado',
  submit: 'Entrar',
  forgot: { label: 'Esqueci a senha', to: '/recuperar-login' },
};

export function DemoLogin({
  failure = null,
  onSubmit,
}: {
  failure?: string | null;
  onSubmit: (password: string, remember: boolean) => void;
}) {
  const email = useEmailUsername();
  return (
    <LoginForm
      texts={DEMO_LOGIN_TEXTS}
      usernameField={email.usernameField}
      checkUsername={email.checkUsername}
      pending={false}
      failure={failure}
      onSubmit={onSubmit}
    />
  );
}
