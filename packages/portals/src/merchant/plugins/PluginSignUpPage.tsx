import {
  DRIP_HELP_CENTRE_URL,
  pluginSignUpMessages as m,
  PLUGIN_PLATFORMS,
  type PluginPlatform,
} from '@drip/core';
import { Anchor, Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { signUpPlugin } from '../api/pluginSignUp.ts';
import { useMerchant } from '../context.tsx';

type State =
  | { step: 'LOADING' }
  | { step: 'SUCCESS'; platform: PluginPlatform; successUrl: string }
  | { step: 'FAILURE'; message: string };

const isPlatform = (value: string | undefined): value is PluginPlatform =>
  (PLUGIN_PLATFORMS as readonly string[]).includes(value ?? '');

/**
 * Spec 2.4 `plugin_sign_up/nuvemshop` and `plugin_sign_up/vtex`: reads the code from the query, registers the
 * plugin, shows LOADING then SUCCESS (the instalment Pix registered, the help-centre link, the button to the
 * platform's success URL) or FAILURE.
 */
export function PluginSignUpPage() {
  const { client } = useMerchant();
  const { platform } = useParams();
  const [search] = useSearchParams();
  const code = search.get('code')?.trim() ?? '';
  const [state, setState] = useState<State>({ step: 'LOADING' });

  useEffect(() => {
    if (!isPlatform(platform) || code === '') {
      setState({ step: 'FAILURE', message: code === '' ? m.missingCode : m.failure });
      return;
    }
    let live = true;
    signUpPlugin(client, platform, code).then(
      (answer) => live && setState({ step: 'SUCCESS', platform, successUrl: answer.successUrl }),
      () => live && setState({ step: 'FAILURE', message: m.failure }),
    );
    return () => {
      live = false;
    };
  }, [client, platform, code]);

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="lg">
      {state.step === 'LOADING' ? (
        <Stack align="center" gap="md" data-testid="plugin-signup-loading">
          <Loader />
          <Text>{m.loading}</Text>
        </Stack>
      ) : state.step === 'SUCCESS' ? (
        <Stack gap="md" data-testid="plugin-signup-success">
          <ThemeIcon size={48} radius="xl" color="green" aria-hidden>
            ✓
          </ThemeIcon>
          <Title order={2}>{m.successTitle}</Title>
          <Text>{m.success(state.platform)}</Text>
          <Anchor href={DRIP_HELP_CENTRE_URL} target="_blank" rel="noopener">
            {m.helpCentre}
          </Anchor>
          <Button component="a" href={state.successUrl} size="md" fullWidth>
            {m.backToPlatform(state.platform)}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="plugin-signup-failure">
          <ThemeIcon size={48} radius="xl" color="red" aria-hidden>
            !
          </ThemeIcon>
          <Title order={2}>{m.failureTitle}</Title>
          <Text>{state.message}</Text>
          <Anchor href={DRIP_HELP_CENTRE_URL} target="_blank" rel="noopener">
            {m.helpCentre}
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
}
