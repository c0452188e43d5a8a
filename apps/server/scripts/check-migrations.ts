/**
 * Drift gate (guides practice 10): fails when drizzle-kit would generate a new migration, i.e.
 * when the schema (src/db/schema/) and the committed migrations disagree.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'paydesk-migrations-'));
cpSync(join(root, 'src/db/migrations'), out, { recursive: true });
const before = readdirSync(out).length;
execFileSync('npx', ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema', '--out', out, '--name', 'drift'], {
  cwd: root,
  stdio: 'pipe',
});
const after = readdirSync(out).length;
rmSync(out, { recursive: true, force: true });
if (after !== before) {
  console.error('db:check failed: the schema changed without a migration. Run `npm run db:generate` and commit it.');
  process.exit(1);
}
console.log('db:check: schema and migrations agree');
