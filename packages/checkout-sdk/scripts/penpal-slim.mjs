// Rollup plugin for the script-tag build (dist/drip.iife.js) only: removes from Penpal 7's ESM build what the SDK
// never uses, so that the IIFE stays within its size budget (docs/benchmarks.md). The protocol is unchanged: both
// sides still speak Penpal 7 (checkout-ui uses the unmodified package; the e2e suite runs the IIFE against it).
// Removed:
// - debug logging: every `log?.(…)` / `this.#log?.(…)` statement (the SDK never passes `log`, so they never ran);
// - the compatibility layer for children on Penpal ≤ 6 (Drip's pages are on Penpal 7): messages of the old format
//   are then ignored like any other foreign message;
// - `Reply` and `CallOptions` (transferables and per-call time-outs), which the SDK does not use;
// - the `INVALID_ARGUMENT` checks of `connect` and the messengers (the SDK always passes a fresh WindowMessenger
//   and checks `remoteWindow` itself).
// Every edit must apply exactly as expected: when Penpal's build changes, the build fails here instead of
// shipping a half-patched Penpal.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';

const PENPAL_VERSION = '7.0.6';

/** [what, how many times it must occur, replacement] */
const REPLACEMENTS = [
  ['return isObject(data) && "penpal" in data;', 1, 'return false;'],
  ['this.#isChildUsingDeprecatedProtocol = true;', 1, ''],
  ['this.#isChildUsingDeprecatedProtocol', 3, 'false'],
  ['remoteParticipantId !== DEPRECATED_PENPAL_PARTICIPANT_ID', 1, 'true'],
  ['remoteParticipantId === DEPRECATED_PENPAL_PARTICIPANT_ID', 1, 'false'],
  ['value instanceof Reply_default', 1, 'false'],
  // The SDK's allowedOrigins is always one origin string, never a RegExp.
  ['allowedOrigin instanceof RegExp ? allowedOrigin.test(origin) : ', 1, ''],
  [
    [
      'const lastArg = args[args.length - 1];',
      'const lastArgIsOptions = lastArg instanceof CallOptions_default;',
      'const { timeout, transferables } = lastArgIsOptions ? lastArg : {};',
      'const argsWithoutOptions = lastArgIsOptions ? args.slice(0, -1) : args;',
    ].join('\n    '),
    1,
    'const timeout = void 0, transferables = void 0, argsWithoutOptions = args;',
  ],
];

/** Whether `node` is the statement `log?.(…);` or `this.#log?.(…);`. */
function isLogStatement(node) {
  if (node.type !== 'ExpressionStatement' || node.expression.type !== 'ChainExpression') return false;
  const call = node.expression.expression;
  if (call.type !== 'CallExpression' || !call.optional) return false;
  const callee = call.callee;
  return (
    (callee.type === 'Identifier' && callee.name === 'log') ||
    (callee.type === 'MemberExpression' &&
      callee.object.type === 'ThisExpression' &&
      callee.property.type === 'PrivateIdentifier' &&
      callee.property.name === 'log')
  );
}

/** Whether `node` is `if (…) throw new PenpalError_default("INVALID_ARGUMENT", …)`. */
function isArgumentCheck(node) {
  if (node.type !== 'IfStatement' || node.alternate) return false;
  const body = node.consequent.type === 'BlockStatement' ? node.consequent.body : [node.consequent];
  const thrown = body.length === 1 && body[0].type === 'ThrowStatement' ? body[0].argument : null;
  return (
    thrown?.type === 'NewExpression' &&
    thrown.callee.type === 'Identifier' &&
    thrown.callee.name === 'PenpalError_default' &&
    thrown.arguments[0]?.type === 'Literal' &&
    thrown.arguments[0].value === 'INVALID_ARGUMENT'
  );
}

function walk(node, visit) {
  if (!node || typeof node.type !== 'string') return;
  if (visit(node)) return;
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) for (const child of value) walk(child, visit);
    else if (value && typeof value === 'object') walk(value, visit);
  }
}

export function penpalSlim() {
  // The ESM build (the `import` condition), as rollup's node-resolve picks it.
  const penpalUrl = import.meta.resolve('penpal');
  const penpalFile = fileURLToPath(penpalUrl);
  const { version } = JSON.parse(readFileSync(new URL('../package.json', penpalUrl), 'utf8'));
  if (version !== PENPAL_VERSION) {
    throw new Error(
      `penpal-slim: written for penpal ${PENPAL_VERSION}, found ${version}: check scripts/penpal-slim.mjs.`,
    );
  }
  return {
    name: 'penpal-slim',
    transform(code, id) {
      if (id !== penpalFile) return null;
      const out = new MagicString(code);
      let logs = 0;
      let checks = 0;
      walk(this.parse(code), (node) => {
        if (isLogStatement(node)) logs++;
        else if (isArgumentCheck(node)) checks++;
        else return false;
        out.remove(node.start, node.end);
        return true;
      });
      if (logs !== 17 || checks !== 5) {
        throw new Error(
          `penpal-slim: expected 17 log statements and 5 argument checks in penpal, found ${logs} and ${checks}.`,
        );
      }
      let text = out.toString();
      for (const [what, times, by] of REPLACEMENTS) {
        const found = text.split(what).length - 1;
        if (found !== times) {
          throw new Error(`penpal-slim: expected ${times} × \`${what}\` in penpal, found ${found}.`);
        }
        text = text.split(what).join(by);
      }
      return { code: text, map: null };
    },
  };
}
