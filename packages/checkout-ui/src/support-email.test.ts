/**
 * One help address across the apps: every help or support e-mail written in the source of the browser apps, the
 * SDK, the server and the examples is core's `DRIP_SUPPORT_EMAIL`, written once (in core's messages).
 */
import { DRIP_SUPPORT_EMAIL } from '@drip/core';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  [
    '../../*/src/**/*.{ts,tsx,mjs,html}',
    '../../../examples/*/**/*.{ts,tsx,mjs,js,html}',
    '!../../../examples/*/node_modules/**',
    '!../../../examples/*/dist/**',
  ],
  { query: '?raw', import: 'default', eager: true },
);

const HELP_ADDRESS = /\b(?:ajuda|suporte|support|help|contato|atendimento)@[a-z0-9.-]+\.[a-z]{2,}/gi;

describe('the help e-mail address', () => {
  it('is written only in core (DRIP_SUPPORT_EMAIL); everything else imports it', () => {
    const files = Object.keys(sources);
    expect(files.some((f) => f.endsWith('core/src/messages.ts'))).toBe(true);
    expect(files.some((f) => f.endsWith('portals/src/customer/HelpDrawer.tsx'))).toBe(true);
    const found = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(HELP_ADDRESS)].map((m) => `${file}: ${m[0]}`),
    );
    expect(found).toEqual([`../../core/src/messages.ts: ${DRIP_SUPPORT_EMAIL}`]);
  });
});
