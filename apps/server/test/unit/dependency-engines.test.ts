/**
 * Every installed package accepts the oldest runtime we promise (package.json `engines.node`,
 * today >=20.19) and the recommended one (Node 24 LTS), read from package-lock.json, so `npm
 * install` on the build machines' Node 20 prints no EBADENGINE warning. A package whose next major
 * drops Node 20 is held back, and the hold is listed in docs/ARCHITECTURE.md ("Runtime and the
 * pins Node 20 holds back").
 */
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: Record<string, string> | string[]; optional?: boolean; os?: string[] }>;
};

/** The node range a lock entry declares, if any (old packages wrote engines as a list of strings). */
function nodeRange(engines: Record<string, string> | string[] | undefined): string | null {
  if (!engines) return null;
  if (Array.isArray(engines)) {
    const entry = engines.find((e) => e.startsWith('node'));
    return entry ? entry.replace(/^node\s*/, '') : null;
  }
  return engines.node ?? null;
}

const oldest = semver.minVersion(manifest.engines.node)!.version;
/** The runtimes CI runs: the oldest accepted and Node 24 LTS (scripts/with-node.mjs takes ^24). */
const runtimes = [oldest, '24.11.0'];
const entries = Object.entries(lock.packages).filter(([path, p]) => path !== '' && nodeRange(p.engines) !== null && !(p.os && !p.os.includes(process.platform)));

describe('installed packages accept the runtimes CI runs', () => {
  it('reads the lock file', () => {
    expect(oldest).toBe('20.19.0');
    expect(entries.length).toBeGreaterThan(100);
  });

  for (const runtime of runtimes) {
    it(`every package's engines.node accepts ${runtime}`, () => {
      const refused = entries
        .filter(([, p]) => !semver.satisfies(runtime, nodeRange(p.engines)!, { includePrerelease: true }))
        .map(([path, p]) => `${path.replace(/^.*node_modules\//, '')}@${p.version}: node ${nodeRange(p.engines)}`);
      expect(refused).toEqual([]);
    });
  }
});
