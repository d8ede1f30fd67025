import { merchantPluginSignUp, type PluginPlatform, type PluginSignUpResponse } from '@drip/core';
import { unwrap } from '../../shared/api.ts';
import type { MerchantDeps } from '../context.tsx';

/**
 * The sign-ups asked in this page load, by platform and code: a code is single-use, so a second render of the page
 * (React's strict mode, a remount) reuses the first request's answer instead of replaying the code.
 */
const asked = new Map<string, Promise<PluginSignUpResponse>>();

/** POST v1/plugin_sign_up/{platform} {code}: the success URL (also in the answer's Location header). */
export function signUpPlugin(
  client: MerchantDeps['client'],
  platform: PluginPlatform,
  code: string,
): Promise<PluginSignUpResponse> {
  const key = `${platform}:${code}`;
  let pending = asked.get(key);
  if (!pending) {
    pending = client
      .call(merchantPluginSignUp, { params: { platform }, body: { code } })
      .then((result) => unwrap(result));
    asked.set(key, pending);
  }
  return pending;
}
