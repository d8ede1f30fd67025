/**
 * The log redaction (docs/logging.md, "Redaction") value by value: what each pattern hides, in the message and in
 * fields at any depth, and what it leaves (ids, amounts, times) so that the logs stay useful.
 */
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { scrubText } from '../../src/redact.ts';

describe('free text', () => {
  it.each([
    ['e-mail', 'falha ao enviar para maria.silva@cliente.demo', 'falha ao enviar para [e-mail]'],
    ['formatted CPF', 'cpf 529.982.247-25 bloqueado', 'cpf [cpf] bloqueado'],
    ['CPF digits', 'params: 52998224725,abc', 'params: [cpf-or-phone],abc'],
    ['+55 phone', 'sms para +5511912345678', 'sms para [phone]'],
    ['+55 phone with spaces', 'sms para +55 (11) 91234-5678', 'sms para [phone]'],
    ['55 phone', 'to=5511912345678;', 'to=[phone];'],
    ['local phone', 'ligar (21) 99876-5432', 'ligar [phone]'],
    ['bearer token', 'Authorization: Bearer abc.def-ghi', 'Authorization: Bearer [redacted]'],
    ['JWT', 'token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig_part', 'token [jwt]'],
    ['API key', 'key sk_sandbox_AbC123xyz refused', 'key sk_sandbox_[redacted] refused'],
    ['webhook secret', 'secret whsec_QUJDREVG', 'secret whsec_[redacted]'],
    [
      'query secrets',
      'POST https://drip.example/api/v1/webhooks/pix?token=s3cret&x=1&recovery_id=abc',
      'POST https://drip.example/api/v1/webhooks/pix?token=[redacted]&x=1&recovery_id=[redacted]',
    ],
  ])('hides a %s', (_kind, text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it('leaves ids, amounts, times and codes alone', () => {
    const text =
      'order 7f3e9a10-1234-4abc-8def-123456789012 txid drip0a1b2c3d4e5f6a7b8c9d0e1f2 amount 150000 at 1795645104332 code INVALID_CUSTOMER_DATA 10.5 ms';
    expect(scrubText(text)).toBe(text);
  });
});

describe('a log line', () => {
  it('censors known fields at any depth and scrubs every string, the message included', () => {
    const lines: string[] = [];
    const log = createLogger('debug', (l) => lines.push(l));
    log.error('login of maria.silva@cliente.demo failed', {
      username: '52998224725',
      password: 'drip-demo-123',
      refreshToken: 'opaque-refresh-token-value',
      headers: { authorization: 'Bearer x', 'x-api-key': 'cat_live_key_value_0001' },
      deep: { deeper: { pixKey: '+5511912345678', note: 'retorno para joao.pereira@cliente.demo' } },
      error: 'duplicate key value (cpf)=(11144477735)',
    });
    const [line] = lines;
    for (const secret of [
      'maria.silva',
      '52998224725',
      'drip-demo-123',
      'opaque-refresh-token-value',
      'cat_live_key_value_0001',
      '5511912345678',
      'joao.pereira',
      '11144477735',
    ])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      level: 'error',
      msg: 'login of [e-mail] failed',
      username: '[redacted]',
      headers: { authorization: '[redacted]', 'x-api-key': '[redacted]' },
      deep: { deeper: { pixKey: '[redacted]', note: 'retorno para [e-mail]' } },
      error: 'duplicate key value (cpf)=([cpf-or-phone])',
    });
  });
});
