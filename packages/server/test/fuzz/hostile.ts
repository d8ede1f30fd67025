/**
 * What the fuzzer puts where a valid value was: text no database stores (NUL, unpaired surrogates), text larger than
 * any field, numbers at the edges of IEEE 754 and of PostgreSQL's integers, impossible and far dates, values of the
 * wrong JSON type, and, for whole requests, bodies over the size limit, deeper than the nesting limit, not UTF-8, not
 * JSON, or declared with another media type.
 */
import fc from 'fast-check';

/** A number that JSON.stringify cannot write as such (its text is spliced into the body as it is). */
export class RawNumber {
  constructor(readonly text: string) {}
}

const BIG = 70 * 1024;

export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  'fim\udbff',
  '\ufeff',
  '\u202eRTL',
  '🙂'.repeat(200),
  'ç'.repeat(300),
  'a'.repeat(5000),
  'a'.repeat(BIG),
  "' OR 1=1 --",
  '"; DROP TABLE orders; --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '=HYPERLINK("http://x")',
  '\t\r\n',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '-1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '0x10',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01',
  '2026-02-30',
  '2026-00-10',
  '31/02/2026',
  '99/99/9999',
  '00/00/0000',
  '31/12/9999',
  '01/01/0000',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01',
  '2026-03-10T25:61:00Z',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '__proto__',
  'constructor',
];

export const HOSTILE_NUMBERS: readonly (number | RawNumber)[] = [
  1e308,
  -1e308,
  -0,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e-320,
  0.1 + 0.2,
  1.005,
  123.456,
  -1,
  0,
  -0.01,
  253402300799999, // 9999-12-31T23:59:59.999Z as epoch milliseconds
  new RawNumber('1e309'),
  new RawNumber('-1e309'),
  new RawNumber('123456789012345678901234567890'),
  new RawNumber('9007199254740993'),
  new RawNumber('1.00000000000000000000001'),
  new RawNumber('-0.0'),
  new RawNumber('1E+2'),
];

/** Dates and instants at and past the edges, in the contract's two formats. */
export const HOSTILE_DATES: readonly string[] = [
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '2026-13-01',
  '2026-00-10',
  '2026-02-30',
  '2026-02-29',
  '2026-04-31',
  '31/12/9999',
  '01/01/0000',
  '31/02/2026',
  '99/99/9999',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '+275760-09-14T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2026-03-10T25:61:00Z',
  '2026-03-10T12:00:00+99:00',
  '2026-3-1',
  '20260310',
];

const DATE_LIKE = /^(\d{4}-\d{2}(-\d{2})?|\d{2}\/\d{2}(\/\d{4})?)/;

/**
 * A hostile value of the same kind as the one it replaces, so that a date field meets the year 9999 and a money
 * field 1e308 more often than chance would make them (`n` picks within the kind).
 */
export function hostileLike(old: unknown, n: number): unknown {
  const pick = <T>(list: readonly T[]): T => list[n % list.length] as T;
  if (typeof old === 'number') return pick(HOSTILE_NUMBERS);
  if (typeof old === 'string' && DATE_LIKE.test(old)) return pick(HOSTILE_DATES);
  if (typeof old === 'string') return pick(HOSTILE_STRINGS);
  if (typeof old === 'boolean') return pick(['true', 1, 0, null, 'sim']);
  return pick(WRONG_TYPES);
}

const NUMERIC_QUERY = [
  '-0',
  '1e309',
  '-1e308',
  '9007199254740993',
  '123456789012345678901234567890',
  '2147483648',
  '-1',
  '0.5',
  'NaN',
  ' 1',
];

/** A hostile query value (escaped) of the kind of the one it replaces: a date for a date, a number for a number. */
export function hostileQueryLike(old: string, n: number): string {
  const pick = (list: readonly string[]): string => list[n % list.length] as string;
  if (DATE_LIKE.test(old)) return encodeURIComponent(pick(HOSTILE_DATES));
  if (/^-?\d+(\.\d+)?$/.test(old)) return encodeURIComponent(pick(NUMERIC_QUERY));
  return pick(HOSTILE_QUERY_VALUES);
}

export const WRONG_TYPES: readonly unknown[] = [null, true, false, [], {}, [[[]]], { a: {} }, [null], 0, ''];

/** `depth` nested arrays (or objects) around a value. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Any hostile JSON value: text, number, wrong type or a deep nest. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(17, 40).chain((d) => fc.constantFrom(nested(d, 'array'), nested(d, 'object'))),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);

/** Keys a mutated object may gain. */
export const EXTRA_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'extra',
  '',
  '\u0000',
  'ç',
];

/** Path segments as sent (already escaped): ids that are not ids, broken escapes, NUL and surrogate halves. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  'x',
  'null',
  'undefined',
  '-1',
  '0',
  '1e308',
  '9007199254740993',
  '9999-12-31',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '6f1d9d5e-8b1a-4c3e-9f2b-7a6d5c4b3a2',
  '6f1d9d5e-8b1a-4c3e-9f2b-7a6d5c4b3a21-extra',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80',
  '%F0%9F',
  '%C0%80',
  '%FF',
  '%ZZ',
  '%',
  '%2e%2e',
  '..',
  '%2F',
  '%F0%9F%99%82',
  '%C3%A7',
  "'%20OR%201%3D1",
  'x'.repeat(10_000),
];

/** Query values as sent (already escaped). */
export const HOSTILE_QUERY_VALUES: readonly string[] = [
  ...HOSTILE_SEGMENTS,
  ...HOSTILE_DATES.map(encodeURIComponent),
  '',
  '-0',
  'NaN',
  'Infinity',
  '1e309',
  '-1e308',
  '123456789012345678901234567890',
  '2147483648',
  '9999-12-31',
  '0000-01-01',
  '2026-13-01',
  '2026-02-30',
  '31%2F12%2F9999',
  '99%2F99%2F9999',
  '2026-03-10T00%3A00%3A00Z',
  'a%2Cb%2Cc',
  '%5B%5D',
];

/** Whole bodies sent as they are (text or bytes), with the content type each declares. */
export const RAW_BODIES: readonly { label: string; body: string | Uint8Array; type?: string }[] = [
  { label: 'empty', body: '', type: 'application/json' },
  { label: 'null', body: 'null', type: 'application/json' },
  { label: 'array', body: '[1,2]', type: 'application/json' },
  { label: 'string', body: '"texto"', type: 'application/json' },
  { label: 'number', body: '1e309', type: 'application/json' },
  { label: 'truncated', body: '{"a": "b",', type: 'application/json' },
  { label: 'trailing garbage', body: '{"a": 1} x', type: 'application/json' },
  { label: 'NaN literal', body: '{"amount": NaN}', type: 'application/json' },
  { label: 'duplicate keys', body: '{"a": 1, "a": {"b": 2}}', type: 'application/json' },
  { label: 'BOM', body: '\ufeff{}', type: 'application/json' },
  { label: 'escaped lone surrogate', body: '{"name": "\\ud800", "\\udc00": 1}', type: 'application/json' },
  { label: 'escaped NUL', body: '{"name": "a\\u0000b"}', type: 'application/json' },
  // Bytes that are not UTF-8: a surrogate half encoded (CESU-8), an overlong NUL, a lone continuation byte.
  {
    label: 'raw surrogate bytes',
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
    type: 'application/json',
  },
  {
    label: 'overlong NUL bytes',
    body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0x80, 0x22, 0x7d]),
    type: 'application/json',
  },
  {
    label: 'latin-1 bytes',
    body: new Uint8Array([0x7b, 0x22, 0xe7, 0x22, 0x3a, 0x31, 0x7d]),
    type: 'application/json',
  },
  { label: 'deep arrays', body: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { label: 'deep objects', body: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`, type: 'application/json' },
  { label: 'huge', body: JSON.stringify({ a: 'a'.repeat(BIG) }), type: 'application/json' },
  {
    label: 'huge array',
    body: JSON.stringify(Array.from({ length: 20_000 }, (_, i) => i)),
    type: 'application/json',
  },
  { label: 'form', body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { label: 'text', body: '{}', type: 'text/plain' },
  { label: 'multipart', body: '--x\r\n\r\n--x--', type: 'multipart/form-data; boundary=x' },
  { label: 'xml', body: '<a/>', type: 'application/xml' },
  { label: 'no content type', body: '{}' },
  { label: 'json lookalike', body: '{}', type: 'application/jsonx' },
  { label: 'charset', body: '{}', type: 'application/json; charset=iso-8859-1' },
];

/** Headers a caller may send instead of its credential or idempotency key (HTTP header values are Latin-1). */
export const HOSTILE_HEADERS: readonly Record<string, string>[] = [
  { authorization: 'Bearer' },
  { authorization: 'Bearer ' },
  { authorization: `Bearer ${'x'.repeat(5000)}` },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Basic Zm9vOmJhcg==' },
  { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJhdWQiOiJhZG1pbiIsInN1YiI6IngifQ.' },
  { 'idempotency-key': '' },
  { 'idempotency-key': ' ' },
  { 'idempotency-key': 'k'.repeat(300) },
  { 'idempotency-key': 'chave-ç' },
  { 'x-api-key': 'ç' },
  { 'x-forwarded-for': 'not-an-ip, 999.999.999.999' },
  { 'x-provider-api-appkey': 'x', 'x-provider-api-apptoken': 'ç'.repeat(300) },
  { refreshtoken: 'x'.repeat(5000) },
  { accept: 'text/html' },
];
