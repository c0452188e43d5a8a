// @vitest-environment node
/**
 * First-load budgets, checked on the built app: byte counts of a build are
 * deterministic, so this is a test, not a timing.
 *  - the sign-in page (/auth): every JS file it loads (index.html's entry and its static imports,
 *    the sign-in route's chunk and its static imports), brotli-compressed, ≤ 150 KB;
 *  - from /auth to the signed-in dashboard drawing its figures: the sign-in page's files, the
 *    signed-in layout and the dashboard page with their static imports, ≤ 350 KB (issue 29). The
 *    charts (ECharts) and the latest-transactions table load lazily as the page mounts, in
 *    parallel with the dashboard request; they are printed, and held to the chunk budget;
 *  - every chunk of the build, brotli-compressed, ≤ 150 KB.
 * KB here is 1,000 bytes. The build runs first when dist is missing or older than any source.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { kib, measureBundle, type BundleReport } from '../scripts/bundle-sizes.ts';

export const SIGN_IN_BUDGET_BYTES = 150_000;
export const DASHBOARD_BUDGET_BYTES = 350_000;
export const CHUNK_BUDGET_BYTES = 150_000;

const web = fileURLToPath(new URL('..', import.meta.url));
const repo = join(web, '..', '..');
const dist = join(web, 'dist');
const manifest = join(dist, '.vite', 'manifest.json');

/** Newest modification time (ms) of the files under `path`, node_modules and dist excepted. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).filter((n) => n !== 'node_modules' && n !== 'dist').map((n) => newest(join(path, n))));
}

function buildIfStale(): void {
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
    newest(join(web, 'scripts')),
    newest(join(repo, 'packages', 'domain', 'src')),
    newest(join(repo, 'packages', 'contract', 'src')),
  );
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sources) return;
  // vitest sets NODE_ENV=test, which would build React's development bundle.
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repo, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

let report: BundleReport;

beforeAll(() => {
  buildIfStale();
  report = measureBundle(dist);
  const lines = report.signIn.files.map((f) => `  ${f.file}: ${kib(f.brotli)} br (${kib(f.raw)} raw)`);
  console.log(`/auth loads ${report.signIn.files.length} JS files, ${kib(report.signIn.brotli)} brotli, ${kib(report.signIn.gzip)} gzip:\n${lines.join('\n')}`);
  console.log(`/auth → dashboard loads ${report.dashboard.files.length} JS files, ${kib(report.dashboard.brotli)} brotli; then lazily ${report.later.files.length} files, ${kib(report.later.brotli)}`);
  console.log(`largest chunk: ${report.chunks[0]?.file} ${kib(report.chunks[0]?.brotli ?? 0)} brotli`);
}, 300_000);

describe('first-load budgets', () => {
  it('counts the entry, its preloads and the sign-in chunk as what /auth loads', () => {
    const files = report.signIn.files.map((f) => f.file);
    expect(files.some((f) => /^assets\/index-[\w-]+\.js$/.test(f))).toBe(true);
    expect(files.some((f) => /^assets\/sign-in-page-[\w-]+\.js$/.test(f))).toBe(true);
    // The screens behind the sign-in are not part of it.
    expect(files.some((f) => /(dashboard-page|resource-page|report-page|charts|zrender)-/.test(f))).toBe(false);
  });

  it('keeps the sign-in page at most 150 KB of brotli-compressed JavaScript', () => {
    expect(report.signIn.brotli).toBeLessThanOrEqual(SIGN_IN_BUDGET_BYTES);
  });

  it('keeps /auth → the signed-in dashboard at most 350 KB of brotli-compressed JavaScript', () => {
    expect(report.dashboard.brotli).toBeLessThanOrEqual(DASHBOARD_BUDGET_BYTES);
  });

  it('counts the layout and the dashboard page, and leaves the charts, the table and the phone metadata to later', () => {
    const files = report.dashboard.files.map((f) => f.file);
    for (const kept of [/^assets\/antd-frame-/, /^assets\/dashboard-page-/, /^assets\/sign-in-page-/]) expect(files.some((f) => kept.test(f)), String(kept)).toBe(true);
    // Drawn later or elsewhere: ECharts and its renderer, the latest table, libphonenumber's metadata (forms only).
    for (const later of [/^assets\/(charts|echarts|zrender|latest-table)-/, /^assets\/validation-/]) expect(files.filter((f) => later.test(f)), String(later)).toEqual([]);
    expect(report.later.files.map((f) => f.file).some((f) => /^assets\/charts-/.test(f))).toBe(true);
  });

  it('keeps every chunk at most 150 KB brotli-compressed', () => {
    const over = report.chunks.filter((c) => c.brotli > CHUNK_BUDGET_BYTES).map((c) => `${c.file} ${kib(c.brotli)}`);
    expect(over).toEqual([]);
  });
});
