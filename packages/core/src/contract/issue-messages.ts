/**
 * pt-BR messages for valibot's own issues. The contract's schemas carry Drip's sentences ('O usuário é obrigatório')
 * where a field is described; what they leave to valibot (a missing key, a value of the wrong type, a picklist,
 * a bound without a message) comes out in English ('Invalid key: Expected "username" but received undefined').
 * `issueMessage` keeps a schema's own message and says valibot's in Portuguese, naming the field by its path, so
 * that every 400 the server answers (and every form error) reads in the reader's language.
 *
 * Why not @valibot/i18n: its pt messages ('Tipo inválido: Esperado string mas recebido 1') do not name the field —
 * a global message is computed before valibot knows the path of a nested issue — and keep valibot's notation
 * ('"A" | "B"'); the path is known only once the issue is flattened, which is where this runs.
 */
import type * as v from 'valibot';

/** valibot's default message: `Invalid ${label}: Expected ${expected} but received ${received}` (or `Received …`). */
const VALIBOT_DEFAULT = /^Invalid [\w ]+: (?:Expected [\s\S]* but r|R)eceived /;

export function isValibotDefaultMessage(message: string): boolean {
  return VALIBOT_DEFAULT.test(message);
}

/** The path of an issue as the API's issues name fields ('products.0.name'); '' for the whole input. */
export function issuePath(issue: Pick<v.BaseIssue<unknown>, 'path'>): string {
  return (issue.path ?? []).map((item) => String(item.key)).join('.');
}

/** '("A" | "B")' (valibot's notation of the accepted values) → 'A, B'. */
function accepted(expected: string | null): string {
  return (expected ?? '')
    .replace(/^\((.*)\)$/, '$1')
    .split(' | ')
    .map((value) => value.replace(/^"(.*)"$/, '$1'))
    .join(', ');
}

const KIND_OF_VALUE: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso (true/false)',
  array: 'uma lista',
  tuple: 'uma lista',
  object: 'um objeto',
  loose_object: 'um objeto',
  strict_object: 'um objeto',
  object_with_rest: 'um objeto',
  record: 'um objeto',
  date: 'uma data',
  null: 'nulo (null)',
  nullable: 'um valor ou nulo (null)',
};

function countOf(issue: v.BaseIssue<unknown>, what: 'min' | 'max' | 'exact'): string {
  const n = Number(issue.requirement);
  const unit = Array.isArray(issue.input)
    ? n === 1
      ? 'item'
      : 'itens'
    : n === 1
      ? 'caractere'
      : 'caracteres';
  const lead = what === 'min' ? 'pelo menos ' : what === 'max' ? 'no máximo ' : '';
  return `${lead}${n} ${unit}`;
}

/** What is wrong with the value, as the end of 'O campo X …'. */
function problem(issue: v.BaseIssue<unknown>): string {
  const missing = issue.input === undefined;
  switch (issue.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest':
      // A key of an object: missing ('Invalid key: Expected "username"'), or one a strict object does not take.
      if (issue.expected === 'never') return 'não é aceito';
      if (issue.expected?.startsWith('"') && missing) return 'é obrigatório';
      return `deve ser ${KIND_OF_VALUE[issue.type]}`;
    case 'picklist':
    case 'enum':
    case 'literal':
      return missing ? 'é obrigatório' : `deve ser um destes valores: ${accepted(issue.expected)}`;
    case 'union':
    case 'variant':
      return missing ? 'é obrigatório' : 'tem um valor que não é aceito';
    case 'never':
      return 'não é aceito';
    case 'min_length':
    case 'non_empty':
      return issue.type === 'non_empty' ? 'não pode ficar vazio' : `deve ter ${countOf(issue, 'min')}`;
    case 'max_length':
      return `deve ter ${countOf(issue, 'max')}`;
    case 'length':
      return `deve ter ${countOf(issue, 'exact')}`;
    case 'min_value':
    case 'gt_value':
      return `deve ser ${issue.type === 'gt_value' ? 'maior que' : 'no mínimo'} ${String(issue.requirement)}`;
    case 'max_value':
    case 'lt_value':
      return `deve ser ${issue.type === 'lt_value' ? 'menor que' : 'no máximo'} ${String(issue.requirement)}`;
    case 'integer':
    case 'safe_integer':
      return 'deve ser um número inteiro';
    case 'finite':
      return 'deve ser um número finito';
    case 'multiple_of':
      return `deve ser múltiplo de ${String(issue.requirement)}`;
    case 'email':
      return 'deve ser um e-mail válido';
    case 'url':
      return 'deve ser uma URL válida';
    case 'uuid':
      return 'deve ser um identificador (UUID) válido';
    case 'iso_date':
      return 'deve ser uma data no formato AAAA-MM-DD';
    case 'iso_timestamp':
    case 'iso_date_time':
      return 'deve ser uma data e hora ISO 8601';
    case 'digits':
      return 'deve ter só dígitos';
    case 'regex':
    case 'check':
    case 'custom':
      return 'está em um formato inválido';
    default: {
      const kind = KIND_OF_VALUE[issue.type];
      if (missing && issue.kind === 'schema') return 'é obrigatório';
      return kind ? `deve ser ${kind}` : 'é inválido';
    }
  }
}

/**
 * The message of one flattened issue: the schema's own (Drip's pt-BR sentence) when it has one, else valibot's
 * issue in pt-BR naming the field: 'O campo username é obrigatório', 'O campo amount deve ser um número'.
 * `path` is the issue's dot path (`issuePath`); '' is the whole input ('O corpo da requisição deve ser um objeto').
 */
export function issueMessage(issue: v.BaseIssue<unknown>, path = issuePath(issue)): string {
  if (!isValibotDefaultMessage(issue.message)) return issue.message;
  const what = problem(issue);
  return path === '' ? `O corpo da requisição ${what}` : `O campo ${path} ${what}`;
}
