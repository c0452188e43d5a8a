/**
 * Build step (first-load budgets): writes `<file>.br` (brotli, quality 11) and
 * `<file>.gz` (gzip, level 9) beside every compressible file of the build, so the server sends
 * them as they are (`@fastify/static` `preCompressed`) instead of compressing per request or, as
 * before, not at all. Files under 1 KiB are left alone (the headers would outweigh the gain), and
 * so is a compressed copy not smaller than its original.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts here are already compressed). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
/** Below this many bytes a file is served as it is. */
export const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    // `.vite/` holds the build manifest, read by tests and never served.
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Compresses every eligible file under `dir`; resolves with the files written. */
export async function precompressDir(dir: string): Promise<string[]> {
  const written: string[] = [];
  await Promise.all(
    filesUnder(dir)
      .filter((f) => COMPRESSIBLE.test(f))
      .map(async (file) => {
        const bytes = readFileSync(file);
        if (bytes.length < MIN_BYTES) return;
        const [br, gz] = await Promise.all([
          brotliAsync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        if (br.length < bytes.length) {
          writeFileSync(`${file}.br`, br);
          written.push(`${file}.br`);
        }
        if (gz.length < bytes.length) {
          writeFileSync(`${file}.gz`, gz);
          written.push(`${file}.gz`);
        }
      }),
  );
  return written;
}

/** Vite plugin: runs `precompressDir` on the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'paydesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await precompressDir(outDir);
    },
  };
}
