/**
 * One error style (docs/errors.md): services refuse with a `DomainError`, and only the HTTP layer (src/http: parsing,
 * audience guards, the kind → status table) builds an `ApiError`. This scans every file under src/modules and fails
 * when one names `ApiError`, imports anything from src/http/errors.ts, or (outside a route file) imports the HTTP
 * layer at all, unless ALLOWED lists it with why. An entry that no longer matches fails too, so the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MODULES = join(SRC, 'modules');
const HTTP = join(SRC, 'http');
const HTTP_ERRORS = join(HTTP, 'errors.ts');

/**
 * What a module file may still take from the HTTP layer, by file under src/modules, each with why. Short on
 * purpose: a business refusal is a DomainError thrown by the service, never an entry here.
 */
const ALLOWED: Record<string, { names: string[]; why: string }> = {
  'checkouts/routes.ts': {
    names: ['ApiError', 'unauthorized'],
    why:
      'parseCreateCheckout parses the merchant API body (422 OUT_OF_RANGE for bounded fields, before any service ' +
      'runs); apiMerchantId checks the key of the caller: a guard of the HTTP layer',
  },
  'checkouts/idempotency.ts': {
    names: ['toApiError'],
    why: 'the idempotency store replays a refusal, so it stores the answer a thrown error maps to (the one mapping)',
  },
  'checkouts/merchant-api.ts': {
    names: ['errorBody'],
    why: 'the duplicate order code answer is stored with the checkout in one statement, before any error is raised',
  },
  'orders/routes.ts': {
    names: ['notFound'],
    why:
      'the order, payment and instalment reads still answer their 404 in the route; the orders module is being ' +
      'reworked elsewhere: move them into the service as DomainErrors and delete this entry',
  },
};

const isRouteFile = (file: string) => /(^|\/|-)routes\.ts$/.test(file);

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * What a source file takes from the HTTP layer that the error style forbids: the names it imports from
 * src/http/errors.ts (`*` for a namespace import), `ApiError` wherever the identifier appears, and, when `routeFile`
 * is false, `http/<file>` for any other import of src/http.
 */
function httpErrorUses(path: string, text: string, routeFile: boolean): Set<string> {
  const found = new Set<string>();
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const fromHttp = (spec: ts.Expression | undefined) => {
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return null;
    const target = resolve(dirname(path), spec.text);
    return target === HTTP || target.startsWith(`${HTTP}/`) ? target : null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && node.text === 'ApiError') found.add('ApiError');
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const target = fromHttp(node.moduleSpecifier);
      if (target === HTTP_ERRORS) {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) found.add('*');
        else for (const element of bindings.elements) found.add((element.propertyName ?? element.name).text);
      } else if (target && !routeFile) {
        found.add(`http/${relative(HTTP, target)}`);
      }
    }
    if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && fromHttp(arg.literal) === HTTP_ERRORS) found.add('*');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const uses = new Map(
  moduleFiles(MODULES).map((path) => {
    const file = relative(MODULES, path);
    return [file, httpErrorUses(path, readFileSync(path, 'utf8'), isRouteFile(file))] as const;
  }),
);

describe('one error style: module files do not build HTTP errors', () => {
  it('scans the module files (the scan finds the files it checks)', () => {
    expect(uses.size).toBeGreaterThan(50);
    expect(uses.has('admins/service.ts')).toBe(true);
  });

  it('no module file names ApiError or imports src/http/errors.ts beyond the allow-list', () => {
    const offending = [...uses]
      .map(([file, names]) => {
        const allowed = new Set(ALLOWED[file]?.names ?? []);
        const extra = [...names].filter((n) => !allowed.has(n));
        return extra.length > 0 ? `${file}: ${extra.join(', ')}` : null;
      })
      .filter((line) => line !== null);
    // Throw a DomainError from the service instead (docs/errors.md); parsing belongs in src/http.
    expect(offending).toEqual([]);
  });

  it('every allow-list entry is still needed, and says why', () => {
    const stale = Object.entries(ALLOWED).flatMap(([file, { names, why }]) => {
      expect(why.length).toBeGreaterThan(20);
      const used = uses.get(file);
      return names.filter((n) => !used?.has(n)).map((n) => `${file}: ${n}`);
    });
    // The file no longer needs it: delete it from ALLOWED.
    expect(stale).toEqual([]);
  });

  it('the scan sees every way of reaching the HTTP error type', () => {
    const file = join(MODULES, 'example/service.ts');
    const scan = (text: string, routeFile = false) => [...httpErrorUses(file, text, routeFile)].sort();
    expect(scan(`import { ApiError, notFound as nf } from '../../http/errors.ts';`)).toEqual([
      'ApiError',
      'notFound',
    ]);
    expect(scan(`import type { Issue } from '../../http/errors.ts';`)).toEqual(['Issue']);
    expect(scan(`import * as httpErrors from '../../http/errors.ts';`)).toEqual(['*']);
    expect(scan(`export { emailTaken } from '../../http/errors.ts';`)).toEqual(['emailTaken']);
    expect(scan(`let e: import('../../http/errors.ts').ApiError;`)).toEqual(['*', 'ApiError']);
    expect(scan(`const { ApiError } = await import('../other.ts');`)).toEqual(['ApiError']);
    // A service must not reach the HTTP layer's parsing helpers either; a route file may.
    expect(scan(`import { validationError } from '../../http/body.ts';`)).toEqual(['http/body.ts']);
    expect(scan(`import { validationError } from '../../http/body.ts';`, true)).toEqual([]);
    // The domain error, and texts that merely mention the type, are fine.
    expect(
      scan(`import { DomainError } from '../../../errors.ts'; // not an ApiError\nconst s = 'ApiError';`),
    ).toEqual([]);
  });
});
