/** The `payout` port's configuration (docs/settlements.md, docs/configuration.md). */
import type { StarkBankConfig } from './stark-bank.ts';

export interface PayoutConfig {
  provider: 'sandbox' | 'starkbank';
  starkbank?: StarkBankConfig;
}

type Env = Record<string, string | undefined>;

/**
 * PAYOUT_PROVIDER=sandbox (default) | starkbank; for starkbank: STARKBANK_PROJECT_ID, STARKBANK_PRIVATE_KEY (PEM),
 * STARKBANK_ENVIRONMENT (sandbox | production, default sandbox), PAYOUT_STARKBANK_DESTINATION (pix | bank_account,
 * default pix) and optionally STARKBANK_API_URL (another host for the API: a proxy or a fake).
 */
export function payoutConfig(env: Env, problems: string[]): PayoutConfig {
  const provider = env.PAYOUT_PROVIDER?.trim() || 'sandbox';
  if (provider === 'sandbox') return { provider };
  if (provider !== 'starkbank') {
    problems.push(`PAYOUT_PROVIDER must be sandbox or starkbank (got "${provider}")`);
    return { provider: 'sandbox' };
  }
  const projectId = env.STARKBANK_PROJECT_ID?.trim();
  const privateKey = env.STARKBANK_PRIVATE_KEY?.replaceAll('\\n', '\n').trim();
  const environment = env.STARKBANK_ENVIRONMENT?.trim() || 'sandbox';
  const destination = env.PAYOUT_STARKBANK_DESTINATION?.trim() || 'pix';
  if (!projectId) problems.push('STARKBANK_PROJECT_ID is required when PAYOUT_PROVIDER=starkbank');
  if (!privateKey) problems.push('STARKBANK_PRIVATE_KEY is required when PAYOUT_PROVIDER=starkbank');
  if (environment !== 'sandbox' && environment !== 'production')
    problems.push(`STARKBANK_ENVIRONMENT must be sandbox or production (got "${environment}")`);
  if (destination !== 'pix' && destination !== 'bank_account')
    problems.push(`PAYOUT_STARKBANK_DESTINATION must be pix or bank_account (got "${destination}")`);
  return {
    provider,
    starkbank: {
      projectId: projectId ?? '',
      privateKey: privateKey ?? '',
      environment: environment === 'production' ? 'production' : 'sandbox',
      destination: destination === 'bank_account' ? 'bank_account' : 'pix',
      apiUrl: env.STARKBANK_API_URL?.trim() || undefined,
    },
  };
}
