// Shared helpers of the root scripts (start, test, e2e): building what is missing and finding Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time of the files under `dir` (skipping node_modules and dist). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

/** The builds `npm start` needs: each is rebuilt when its output is missing or older than its sources. */
export const builds = [
  {
    name: 'portals',
    output: 'packages/portals/dist/index.html',
    sources: ['packages/portals', 'packages/core/src'],
    command: ['npm', ['run', 'build', '-w', '@drip/portals']],
  },
  {
    name: 'checkout-ui',
    output: 'packages/checkout-ui/dist/index.html',
    sources: ['packages/checkout-ui', 'packages/core/src'],
    command: ['npm', ['run', 'build', '-w', '@drip/checkout-ui']],
  },
  {
    name: 'server',
    output: 'packages/server/dist/main.js',
    sources: ['packages/server/src', 'packages/server/drizzle', 'packages/core/src'],
    command: ['npm', ['run', 'build', '-w', '@drip/server']],
  },
  // The SDK's script-tag build is served by the server at /sdk/v{version}/drip.js; the React store uses its npm build.
  {
    name: 'checkout-sdk',
    output: 'packages/checkout-sdk/dist/drip.iife.js',
    sources: ['packages/checkout-sdk/src', 'packages/core/src'],
    command: ['npm', ['run', 'build', '-w', '@drip/checkout-sdk']],
  },
  {
    name: 'react-store example',
    output: 'examples/react-store/dist/index.html',
    sources: ['examples/react-store/src', 'packages/checkout-sdk/src'],
    command: ['npm', ['run', 'build', '-w', '@drip/example-react-store']],
  },
];

export function staleBuilds() {
  return builds.filter((b) => {
    const out = join(root, b.output);
    if (!existsSync(out)) return true;
    const built = statSync(out).mtimeMs;
    return b.sources.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > built);
  });
}

export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Builds whatever is missing or out of date; exits the process on a failed build. With `logDir`, each build's output
 * goes to `<logDir>/build-<name>.log` and the terminal gets one line per build (the log's end when it fails).
 */
export async function buildWhatIsMissing({ logDir } = {}) {
  for (const b of staleBuilds()) {
    const started = Date.now();
    let code;
    let logPath = null;
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      logPath = join(logDir, `build-${b.name.replace(/\W+/g, '-')}.log`);
      process.stdout.write(`[drip] building ${b.name}…`);
      const fd = openSync(logPath, 'w');
      code = await run(b.command[0], b.command[1], { stdio: ['ignore', fd, fd] });
      closeSync(fd);
      process.stdout.write(
        code === 0 ? ` done in ${((Date.now() - started) / 1000).toFixed(1)} s\n` : ' failed\n',
      );
    } else {
      console.log(`[drip] building ${b.name}…`);
      code = await run(b.command[0], b.command[1]);
    }
    if (code !== 0) {
      if (logPath) {
        const tail = readFileSync(logPath, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
        console.error(`${tail}\n[drip] (the whole output: ${relative(process.cwd(), logPath) || logPath})`);
      }
      console.error(`[drip] the ${b.name} build failed (exit ${code})`);
      process.exit(code);
    }
  }
}

/** Path of Debian's Chromium, or null. */
export function findChromium() {
  for (const candidate of [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  const which = spawnSync('which', ['chromium'], { encoding: 'utf8' });
  return which.status === 0 ? which.stdout.trim() : null;
}

/** Installs Chromium with apt-get when running as root; otherwise explains what to run. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (process.getuid?.() === 0) {
    console.log("[drip] Chromium is missing: installing Debian's chromium (apt-get)…");
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    if (install && install.status === 0) return findChromium();
  }
  console.error(
    '[drip] The end-to-end tests need Chromium. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).',
  );
  return null;
}
