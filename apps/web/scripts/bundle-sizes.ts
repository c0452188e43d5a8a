/**
 * Compressed sizes of the built web app (first-load budgets), read from Vite's build
 * manifest (`dist/.vite/manifest.json`, `build.manifest: true`). Deterministic: the same build
 * gives the same bytes, so the budgets are checked by a test, not timed.
 *
 * - "The sign-in page's JS": every JS file the browser fetches for /auth before the form can show —
 *   the entry of index.html and its static imports (what index.html modulepreloads), plus the
 *   sign-in route's lazy chunk and its static imports. Dynamic imports (other routes) are not
 *   counted: /auth does not load them.
 * - "The signed-in dashboard's JS": every JS file a fresh browser fetches from /auth until the
 *   dashboard can draw its figures: the sign-in page's files, plus the signed-in layout
 *   (antd-frame.tsx) and the dashboard page with their static imports. What the dashboard loads
 *   lazily once mounted (the charts, the latest-transactions table) is listed apart, as `later`.
 * - Every chunk: each JS file of the build on its own.
 *
 * Sizes are bytes of brotli at quality 11 and gzip at level 9, the settings the pre-compression
 * step (`precompress.ts`) writes, so they are the bytes served with `content-encoding`.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** One entry of Vite's manifest (the fields used here). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface FileSize {
  /** Path under dist, e.g. `assets/index-abc123.js`. */
  file: string;
  /** Bytes as built. */
  raw: number;
  brotli: number;
  gzip: number;
}

/** A set of JS files, largest (brotli) first, and their sums. */
export interface FileSet {
  files: FileSize[];
  raw: number;
  brotli: number;
  gzip: number;
}

export interface BundleReport {
  /** The JS files /auth loads. */
  signIn: FileSet;
  /** The JS files from /auth to the signed-in dashboard drawing its figures (sign-in's included). */
  dashboard: FileSet;
  /** What the dashboard page imports dynamically (charts, latest table, whole-page results), beyond `dashboard`. */
  later: FileSet;
  /** Every JS chunk of the build, largest (brotli) first. */
  chunks: FileSize[];
}

/** The manifest key of the sign-in route's module (router.tsx imports it lazily). */
export const SIGN_IN_MODULE = 'src/features/auth/pages/sign-in-page.tsx';
/** The signed-in layout (router.tsx) and the dashboard screen (built-routes.tsx), both lazy chunks. */
export const LAYOUT_MODULE = 'src/app/antd-frame.tsx';
export const DASHBOARD_MODULE = 'src/features/dashboard/pages/dashboard-page.tsx';

/** Brotli (quality 11) and gzip (level 9) sizes of one buffer, in bytes. */
export function compressedSizes(bytes: Buffer): { brotli: number; gzip: number } {
  const brotli = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  }).length;
  return { brotli, gzip: gzipSync(bytes, { level: 9 }).length };
}

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The manifest keys of `roots` and of everything they import statically (transitively). */
export function staticClosure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** Measures `dist` (a finished `vite build`); throws when the manifest lacks the entry, the sign-in, layout or dashboard chunk. */
export function measureBundle(dist: string): BundleReport {
  const manifest = readManifest(dist);
  const cache = new Map<string, FileSize>();
  const sizeOf = (file: string): FileSize => {
    let found = cache.get(file);
    if (!found) {
      const bytes = readFileSync(join(dist, file));
      found = { file, raw: bytes.length, ...compressedSizes(bytes) };
      cache.set(file, found);
    }
    return found;
  };

  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (!entries.includes('index.html')) throw new Error('the build manifest has no index.html entry');
  for (const key of [SIGN_IN_MODULE, LAYOUT_MODULE, DASHBOARD_MODULE]) if (!manifest[key]) throw new Error(`the build manifest has no ${key} chunk`);
  const setOf = (keys: Iterable<string>): FileSet => {
    const files = [...keys]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'))
      .map(sizeOf)
      .sort((a, b) => b.brotli - a.brotli);
    const sum = (key: 'raw' | 'brotli' | 'gzip') => files.reduce((n, f) => n + f[key], 0);
    return { files, raw: sum('raw'), brotli: sum('brotli'), gzip: sum('gzip') };
  };
  const dashboardKeys = staticClosure(manifest, ['index.html', SIGN_IN_MODULE, LAYOUT_MODULE, DASHBOARD_MODULE]);
  const laterKeys = [...staticClosure(manifest, manifest[DASHBOARD_MODULE]!.dynamicImports ?? [])].filter((k) => !dashboardKeys.has(k));

  const chunks = readdirSync(join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => sizeOf(`assets/${f}`))
    .sort((a, b) => b.brotli - a.brotli);
  return { signIn: setOf(staticClosure(manifest, ['index.html', SIGN_IN_MODULE])), dashboard: setOf(dashboardKeys), later: setOf(laterKeys), chunks };
}

/** KiB with one decimal, for reports. */
export const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
