// Runs a command on another Node.js major (CI's second pass on the recommended LTS while the build
// machines run Node 20): `node scripts/with-node.mjs 24 npx vitest run --project unit`.
//
// Why a registry package: these machines reach only the npm registry and Debian's packages, and
// the registry's `node-<platform>-<arch>` packages (what the `node` package installs) carry the
// official binary. The binary is unpacked once under node_modules/.cache/node-<major> and reused;
// the command then runs with that `bin` first on PATH, so `npx`, `node` and every `#!/usr/bin/env
// node` script inside it run on the wanted major. When the running Node already is that major,
// nothing is fetched. Exits with the command's exit code (1 when it cannot be started).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, ...command] = process.argv.slice(2);
if (!/^\d+$/.test(major ?? '') || command.length === 0) {
  console.error('usage: node scripts/with-node.mjs <major> <command> [args…]');
  process.exit(1);
}

/** The folder whose `bin/node` is Node `major`, unpacked from the registry when not there yet. */
function nodeHome(wanted) {
  if (process.versions.node.split('.')[0] === wanted) return dirname(dirname(process.execPath));
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const home = join(root, 'node_modules', '.cache', `node-${wanted}`);
  if (existsSync(join(home, 'bin', 'node'))) return home;
  const pkg = `node-${process.platform}-${process.arch}@^${wanted}`;
  console.log(`Fetching Node ${wanted} (${pkg}) from the npm registry…`);
  const work = mkdtempSync(join(tmpdir(), 'paydesk-node-'));
  try {
    execFileSync('npm', ['pack', pkg, '--silent', '--pack-destination', work], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((f) => f.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack ${pkg} wrote no tarball`);
    execFileSync('tar', ['-xzf', join(work, tarball), '-C', work]);
    mkdirSync(dirname(home), { recursive: true });
    rmSync(home, { recursive: true, force: true });
    renameSync(join(work, 'package'), home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return home;
}

const bin = join(nodeHome(major), 'bin');
const env = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` };
const version = execFileSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).trim();
console.log(`Running on Node ${version}: ${command.join(' ')}`);
const run = spawnSync(command[0], command.slice(1), { stdio: 'inherit', env });
if (run.error) console.error(run.error.message);
process.exit(run.status ?? 1);
