/**
 * The lint zones and the cycle rule bite (eslint.config.js, docs/ARCHITECTURE.md "Layers"): the
 * repository's own configuration (`paydeskLint(root)`) is built over a fixture tree in a temporary
 * folder, and ESLint's Node API lints small files placed in each zone. Every forbidden import is
 * reported by import-x/no-restricted-paths, every allowed one is not; a cycle (static, dynamic, of
 * two or three files, in an app or a package) is reported by import-x/no-cycle, a type-only one is
 * not. Feature pairs are generated (fast-check), so the rule is per folder, not per name. The
 * seed zone covers every server folder and root file but main.ts and admin-create.ts; the
 * features ⇸ app zone covers stylesheets too (the auth pages' plain.css lives in shared/).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(import.meta.dirname, '../../../..');
const { paydeskLint } = (await import(pathToFileURL(join(REPO, 'eslint.config.js')).href)) as { paydeskLint: (root: string) => Linter.Config[] };

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A fixture tree: `files` (path relative to the root → source) written under a new temporary root. */
function tree(files: Record<string, string>): { root: string; eslint: ESLint } {
  const root = mkdtempSync(join(tmpdir(), 'paydesk-lint-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // The configuration is built after the tree exists: the module and feature folders are read then.
  return { root, eslint: new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: paydeskLint(root) }) };
}

/** The import-x problems of each linted file (path relative to the root → "rule line"). */
async function problems(t: { root: string; eslint: ESLint }, paths: string[]): Promise<Record<string, string[]>> {
  const results = await t.eslint.lintFiles(paths.map((p) => join(t.root, p)));
  const out: Record<string, string[]> = {};
  for (const r of results) {
    const fatal = r.messages.filter((m) => m.fatal);
    expect(fatal, r.filePath).toEqual([]);
    out[r.filePath.slice(t.root.length + 1)] = r.messages.filter((m) => m.ruleId?.startsWith('import-x/')).map((m) => `${m.ruleId} ${m.line}`);
  }
  return out;
}

const ZONE = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const leaf = 'export const value = 1;\n';
const uses = (...specs: string[]) => specs.map((s, i) => `import { value as v${i} } from '${s}';\n`).join('') + `export const value = ${specs.map((_, i) => `v${i}`).join(' + ') || '1'};\n`;

describe('server zones', () => {
  const base = {
    'apps/server/src/db/client.ts': leaf,
    'apps/server/src/auth/guard.ts': leaf,
    'apps/server/src/engine/crud.ts': leaf,
    'apps/server/src/platform/errors.ts': leaf,
    'apps/server/src/modules/alpha/op.ts': leaf,
    'apps/server/src/modules/beta/op.ts': leaf,
    'apps/server/src/modules/profiles/write.ts': leaf,
    'apps/server/src/modules/profiles/read.ts': leaf,
  };

  it('engine ⇸ modules; engine → platform is allowed', async () => {
    const t = tree({
      ...base,
      'apps/server/src/engine/bad.ts': uses('../platform/errors.ts', '../modules/alpha/op.ts'),
      'apps/server/src/engine/good.ts': uses('../platform/errors.ts', '../db/client.ts'),
    });
    expect(await problems(t, ['apps/server/src/engine/bad.ts', 'apps/server/src/engine/good.ts'])).toEqual({
      'apps/server/src/engine/bad.ts': [`${ZONE} 2`],
      'apps/server/src/engine/good.ts': [],
    });
  });

  it('workflows ⇸ modules, as the resource engine; workflows → platform is allowed', async () => {
    const t = tree({
      ...base,
      'apps/server/src/workflows/bad.ts': uses('../platform/errors.ts', '../modules/alpha/op.ts'),
      'apps/server/src/workflows/good.ts': uses('../platform/errors.ts', '../db/client.ts'),
    });
    expect(await problems(t, ['apps/server/src/workflows/bad.ts', 'apps/server/src/workflows/good.ts'])).toEqual({
      'apps/server/src/workflows/bad.ts': [`${ZONE} 2`],
      'apps/server/src/workflows/good.ts': [],
    });
  });

  it('platform ⇸ auth, engine and modules (type-only imports too); platform → db is allowed', async () => {
    const t = tree({
      ...base,
      'apps/server/src/platform/a.ts': uses('./errors.ts', '../auth/guard.ts'),
      'apps/server/src/platform/b.ts': `import type { value } from '../modules/beta/op.ts';\nexport const b: typeof value = 1;\n`,
      'apps/server/src/platform/c.ts': uses('../db/client.ts', './errors.ts'),
      'apps/server/src/platform/d.ts': uses('./errors.ts', '../engine/crud.ts'),
    });
    expect(await problems(t, ['apps/server/src/platform/a.ts', 'apps/server/src/platform/b.ts', 'apps/server/src/platform/c.ts', 'apps/server/src/platform/d.ts'])).toEqual({
      'apps/server/src/platform/a.ts': [`${ZONE} 2`],
      'apps/server/src/platform/b.ts': [`${ZONE} 1`],
      'apps/server/src/platform/c.ts': [],
      'apps/server/src/platform/d.ts': [`${ZONE} 2`],
    });
  });

  it('a module ⇸ another module, except the allow-listed merchant-upload → profiles/write.ts', async () => {
    const t = tree({
      ...base,
      'apps/server/src/modules/alpha/bad.ts': uses('./op.ts', '../beta/op.ts'),
      'apps/server/src/modules/alpha/good.ts': uses('./op.ts', '../../platform/errors.ts', '../../auth/guard.ts'),
      'apps/server/src/modules/merchant-upload/run.ts': uses('../profiles/write.ts', '../profiles/read.ts'),
    });
    expect(await problems(t, ['apps/server/src/modules/alpha/bad.ts', 'apps/server/src/modules/alpha/good.ts', 'apps/server/src/modules/merchant-upload/run.ts'])).toEqual({
      'apps/server/src/modules/alpha/bad.ts': [`${ZONE} 2`],
      'apps/server/src/modules/alpha/good.ts': [],
      'apps/server/src/modules/merchant-upload/run.ts': [`${ZONE} 2`],
    });
  });

  it('every production folder and root file ⇸ seed (type-only too); main.ts, admin-create.ts and the seed itself may import it', async () => {
    const t = tree({
      ...base,
      'apps/server/src/seed/demo.ts': leaf,
      'apps/server/src/transactions/insert.ts': leaf,
      'apps/server/src/modules/alpha/ingest.ts': uses('../../transactions/insert.ts', '../../seed/demo.ts'),
      'apps/server/src/platform/loader.ts': `import type { value } from '../seed/demo.ts';\nexport const b: typeof value = 1;\n`,
      'apps/server/src/db/writer.ts': uses('./client.ts', '../seed/demo.ts'),
      'apps/server/src/transactions/bad.ts': uses('./insert.ts', '../seed/demo.ts'),
      'apps/server/src/app.ts': uses('./db/client.ts', './seed/demo.ts'),
      'apps/server/src/main.ts': uses('./seed/demo.ts'),
      'apps/server/src/admin-create.ts': uses('./seed/demo.ts'),
      'apps/server/src/seed/cli.ts': uses('./demo.ts', '../transactions/insert.ts', '../db/client.ts'),
    });
    const files = [
      'apps/server/src/modules/alpha/ingest.ts',
      'apps/server/src/platform/loader.ts',
      'apps/server/src/db/writer.ts',
      'apps/server/src/transactions/bad.ts',
      'apps/server/src/app.ts',
      'apps/server/src/main.ts',
      'apps/server/src/admin-create.ts',
      'apps/server/src/seed/cli.ts',
    ];
    expect(await problems(t, files)).toEqual({
      'apps/server/src/modules/alpha/ingest.ts': [`${ZONE} 2`],
      'apps/server/src/platform/loader.ts': [`${ZONE} 1`],
      'apps/server/src/db/writer.ts': [`${ZONE} 2`],
      'apps/server/src/transactions/bad.ts': [`${ZONE} 2`],
      'apps/server/src/app.ts': [`${ZONE} 2`],
      'apps/server/src/main.ts': [],
      'apps/server/src/admin-create.ts': [],
      'apps/server/src/seed/cli.ts': [],
    });
  });
});

describe('web zones', () => {
  const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,11}$/);
  const kind = fc.constantFrom('value', 'type', 'dynamic', 'deep');

  it('features/<a> ⇸ features/<b> for any a ≠ b, however imported; shared/ and its own folder are allowed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(name, { minLength: 2, maxLength: 2 }), kind, async ([a, b], how) => {
        const target = how === 'deep' ? `../${b}/parts/deep.ts` : `../${b}/api.ts`;
        const bad =
          how === 'type'
            ? `import type { value } from '${target}';\nexport const x: typeof value = 1;\n`
            : how === 'dynamic'
              ? `export const load = () => import('${target}');\n`
              : uses(target);
        const t = tree({
          'apps/web/src/shared/format.ts': leaf,
          'apps/web/src/app/shell.ts': leaf,
          [`apps/web/src/features/${b}/api.ts`]: leaf,
          [`apps/web/src/features/${b}/parts/deep.ts`]: leaf,
          [`apps/web/src/features/${a}/own.ts`]: leaf,
          [`apps/web/src/features/${a}/bad.ts`]: bad,
          [`apps/web/src/features/${a}/good.ts`]: uses('./own.ts', '../../shared/format.ts'),
        });
        const found = await problems(t, [`apps/web/src/features/${a}/bad.ts`, `apps/web/src/features/${a}/good.ts`]);
        expect(found[`apps/web/src/features/${a}/bad.ts`]).toEqual([`${ZONE} 1`]);
        expect(found[`apps/web/src/features/${a}/good.ts`]).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('features/ ⇸ app/ (a stylesheet, a type-only or a dynamic import too); features → shared/ and app/ → features/ are allowed', async () => {
    const t = tree({
      'apps/web/src/app/shell.ts': leaf,
      'apps/web/src/app/plain.css': '.x {}\n',
      'apps/web/src/shared/format.ts': leaf,
      'apps/web/src/shared/plain.css': '.x {}\n',
      'apps/web/src/features/reports/page.tsx': uses('../../shared/format.ts', '../../app/shell.ts'),
      'apps/web/src/features/auth/pages/sign-in.tsx': `import '../../../app/plain.css';\nexport const value = 1;\n`,
      'apps/web/src/features/auth/pages/invite.tsx': `import type { value as V } from '../../../app/shell.ts';\nexport const value: typeof V = 1;\nexport const load = () => import('../../../app/shell.ts');\n`,
      'apps/web/src/features/auth/pages/good.tsx': `import '../../../shared/plain.css';\n${uses('../../../shared/format.ts')}`,
      'apps/web/src/app/router.ts': uses('./shell.ts', '../features/reports/page.tsx'),
    });
    const files = [
      'apps/web/src/features/reports/page.tsx',
      'apps/web/src/features/auth/pages/sign-in.tsx',
      'apps/web/src/features/auth/pages/invite.tsx',
      'apps/web/src/features/auth/pages/good.tsx',
      'apps/web/src/app/router.ts',
    ];
    expect(await problems(t, files)).toEqual({
      'apps/web/src/features/reports/page.tsx': [`${ZONE} 2`],
      'apps/web/src/features/auth/pages/sign-in.tsx': [`${ZONE} 1`],
      'apps/web/src/features/auth/pages/invite.tsx': [`${ZONE} 1`, `${ZONE} 3`],
      'apps/web/src/features/auth/pages/good.tsx': [],
      'apps/web/src/app/router.ts': [],
    });
  });

  it('shared/ ⇸ features/ and shared/ ⇸ app/', async () => {
    const t = tree({
      'apps/web/src/features/reports/page.tsx': leaf,
      'apps/web/src/app/shell.ts': leaf,
      'apps/web/src/store/api.ts': leaf,
      'apps/web/src/shared/bad.ts': uses('../features/reports/page.tsx', '../app/shell.ts'),
      'apps/web/src/shared/good.ts': uses('../store/api.ts'),
    });
    expect(await problems(t, ['apps/web/src/shared/bad.ts', 'apps/web/src/shared/good.ts'])).toEqual({
      'apps/web/src/shared/bad.ts': [`${ZONE} 1`, `${ZONE} 2`],
      'apps/web/src/shared/good.ts': [],
    });
  });
});

describe('import cycles', () => {
  it('a cycle of two files is reported on both, in an app and in a package (also after an app file imported it)', async () => {
    const t = tree({
      // linted first: the apps' check does not walk the packages, which must not hide their own cycle
      'apps/server/src/platform/domain-user.ts': uses('../../../../packages/domain/src/x.ts'),
      'apps/server/src/platform/a.ts': uses('./b.ts'),
      'apps/server/src/platform/b.ts': uses('./a.ts'),
      'packages/domain/src/x.ts': uses('./y.ts'),
      'packages/domain/src/y.ts': uses('./x.ts'),
    });
    expect(await problems(t, ['apps/server/src/platform/domain-user.ts', 'apps/server/src/platform/a.ts', 'apps/server/src/platform/b.ts', 'packages/domain/src/x.ts', 'packages/domain/src/y.ts'])).toEqual({
      'apps/server/src/platform/domain-user.ts': [],
      'apps/server/src/platform/a.ts': [`${CYCLE} 1`],
      'apps/server/src/platform/b.ts': [`${CYCLE} 1`],
      'packages/domain/src/x.ts': [`${CYCLE} 1`],
      'packages/domain/src/y.ts': [`${CYCLE} 1`],
    });
  });

  it('a longer cycle across folders and one closed by a dynamic import() are reported; a type-only one is not', async () => {
    const t = tree({
      // web: util ⇄ lazy, closed by util's dynamic import(); page and hooks only lead into it
      'apps/web/src/features/reports/page.tsx': uses('./hooks.ts'),
      'apps/web/src/features/reports/hooks.ts': uses('../../shared/util.ts'),
      'apps/web/src/shared/util.ts': `export const value = 1;\nexport const load = () => import('../store/lazy.ts');\n`,
      'apps/web/src/store/lazy.ts': uses('../shared/util.ts'),
      // server: three files through two folders
      'apps/server/src/reports/one.ts': uses('./two.ts'),
      'apps/server/src/reports/two.ts': uses('../summaries/three.ts'),
      'apps/server/src/summaries/three.ts': uses('../reports/one.ts'),
      // type-only back edge: erased at compile time, no cycle at run time
      'apps/server/src/engine/p.ts': uses('./q.ts'),
      'apps/server/src/engine/q.ts': `import type { value as P } from './p.ts';\nexport const value: typeof P = 1;\n`,
    });
    const found = await problems(t, [
      'apps/web/src/features/reports/page.tsx',
      'apps/web/src/shared/util.ts',
      'apps/web/src/store/lazy.ts',
      'apps/server/src/reports/one.ts',
      'apps/server/src/summaries/three.ts',
      'apps/server/src/engine/p.ts',
      'apps/server/src/engine/q.ts',
    ]);
    expect(found).toEqual({
      'apps/web/src/features/reports/page.tsx': [],
      'apps/web/src/shared/util.ts': [`${CYCLE} 2`],
      'apps/web/src/store/lazy.ts': [`${CYCLE} 1`],
      'apps/server/src/reports/one.ts': [`${CYCLE} 1`],
      'apps/server/src/summaries/three.ts': [`${CYCLE} 1`],
      'apps/server/src/engine/p.ts': [],
      'apps/server/src/engine/q.ts': [],
    });
  });
});

describe('the repository configuration', () => {
  it('applies the zones and the cycle rule to every workspace src', async () => {
    const eslint = new ESLint({ cwd: REPO });
    for (const file of ['packages/domain/src/index.ts', 'packages/contract/src/index.ts', 'apps/server/src/app.ts', 'apps/web/src/main.tsx']) {
      const rules: Record<string, unknown> = ((await eslint.calculateConfigForFile(join(REPO, file))) as Linter.Config).rules ?? {};
      const level = (rule: string) => { const entry = rules[rule]; return Array.isArray(entry) ? entry[0] : entry; };
      expect([file, level(CYCLE), level(ZONE)]).toEqual([file, 2, 2]);
    }
  });
});
