// Runs drizzle-kit (hoisted to the repository root) so that it can import the drizzle-orm installed in this
// package: a temporary node_modules with links to both, run with --preserve-symlinks. Usage: node scripts/drizzle-kit.mjs generate
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest node_modules/<name> above this package, as Node would find it. */
function findPackage(name) {
  let dir = dirname(dirname(fileURLToPath(import.meta.url)));
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`${name} is not installed; run npm install at the repository root`);
    dir = parent;
  }
}

const kitDir = findPackage('drizzle-kit');
const ormDir = findPackage('drizzle-orm');
const tmp = mkdtempSync(join(tmpdir(), 'drizzle-kit-'));
try {
  mkdirSync(join(tmp, 'node_modules'));
  symlinkSync(kitDir, join(tmp, 'node_modules', 'drizzle-kit'));
  symlinkSync(ormDir, join(tmp, 'node_modules', 'drizzle-orm'));
  const r = spawnSync(
    process.execPath,
    [
      '--preserve-symlinks',
      '--preserve-symlinks-main',
      join(tmp, 'node_modules', 'drizzle-kit', 'bin.cjs'),
      ...process.argv.slice(2),
    ],
    { stdio: 'inherit' },
  );
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
