// Lint: typescript-eslint's recommended rules plus the layer direction domain ← contract ← server/web
// (guides: "Let lint enforce it"). Paths are forbidden per layer with no-restricted-imports; the
// zones inside the apps and the cycle check are eslint-plugin-import-x's no-restricted-paths and
// no-cycle (docs/ARCHITECTURE.md, "Layers"; apps/server/test/unit/lint-zones.test.ts proves they bite).
//
// `paydeskLint(root)` builds the whole configuration for a checkout at `root`: the default export is
// this repository's; the test builds it over a fixture tree.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'stream'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

/** The sub-folders of `dir` (none when it does not exist). */
const foldersOf = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return [];
  }
};

/** The files directly in `dir` (none when it does not exist). */
const filesOf = (dir) => {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((d) => d.isFile()).map((d) => d.name).sort();
  } catch {
    return [];
  }
};

/**
 * The server entry points that may start the seed: the server (a demo seed at start-up when the
 * database is empty) and the first-admin command. seed/cli.ts is inside the seed.
 */
const SEED_CALLERS = ['main.ts', 'admin-create.ts'];

/**
 * Deliberate imports between server modules, each with its reason. Keep it minimal: shared code
 * goes to platform/ (or summaries/, reports/, engine/ by what it is), not to another module.
 */
const MODULE_ALLOW = {
  // A merchant upload creates every merchant through the profile screen's own createProfile
  // (same checks, history and KYC start), one transaction for the file.
  'merchant-upload': ['./profiles/write.ts'],
  // The ingest API writes through the risk ingest (the rules on every row, under its lock), refuses
  // rows older than the payouts' catch-up window, and reads gzip bodies with the log doors' capped reader.
  'txn-ingest': ['./risk/ingest.ts', './payout/jobs.ts', './log-ingest/ingest-key-auth.ts'],
};

/**
 * The zones (import-x/no-restricted-paths, paths relative to `root`). The folder lists are read
 * when lint starts, so a new module or feature is its own zone with no edit here.
 */
function zones(root) {
  const server = 'apps/server/src';
  const web = 'apps/web/src';
  const seedTargets = [
    ...foldersOf(path.join(root, server)).filter((f) => f !== 'seed').map((f) => `${server}/${f}`),
    ...filesOf(path.join(root, server)).filter((f) => !SEED_CALLERS.includes(f)).map((f) => `${server}/${f}`),
  ];
  return [
    {
      target: [`${server}/engine`, `${server}/workflows`],
      from: `${server}/modules`,
      message: 'The resource and workflow engines are generic: they serve every declaration and know no module. Move what both need to platform/.',
    },
    {
      // platform/ is the bottom of the server: auth and the resource engine build on it (the guard,
      // sessions, tokens, sealed values), modules build on all three. It may not import auth/,
      // engine/ nor modules/, which would turn that upside down.
      target: `${server}/platform`,
      from: [`${server}/auth`, `${server}/engine`, `${server}/modules`],
      message: 'platform/ is below auth/, engine/ and modules/: move the shared part into platform/, or the code that needs them up to their level or the server root (app.ts, web-pages.ts).',
    },
    ...foldersOf(path.join(root, server, 'modules')).map((m) => ({
      target: `${server}/modules/${m}`,
      from: `${server}/modules`,
      except: [`./${m}`, ...(MODULE_ALLOW[m] ?? [])],
      message: 'A module does not import another module: move the shared part to platform/ (or summaries/, reports/), or allow it in MODULE_ALLOW with its reason.',
    })),
    ...foldersOf(path.join(root, web, 'features')).map((f) => ({
      target: `${web}/features/${f}`,
      from: `${web}/features`,
      except: [`./${f}`],
      message: 'A feature does not import another feature: move the shared part to apps/web/src/shared/ (the app, app/, wires features together).',
    })),
    // The seed is the demo's data generator, never a dependency of the running server: what both
    // need (the COPY writer, the transaction write path) lives in db/ or transactions/. Every
    // other folder and root file is a target, read when lint starts (a new folder is one too).
    ...(seedTargets.length
      ? [{
        target: seedTargets,
        from: `${server}/seed`,
        message: 'Production code does not import the seed: move the shared part to db/ (or transactions/, platform/); only main.ts and admin-create.ts may start the seed.',
      }]
      : []),
    {
      target: `${web}/features`,
      from: `${web}/app`,
      message: 'A feature does not import the app shell (app/ wires the features together): move the shared part to apps/web/src/shared/.',
    },
    {
      target: `${web}/shared`,
      from: [`${web}/features`, `${web}/app`],
      message: 'shared/ is below the features and the app shell: it imports neither.',
    },
  ];
}

export function paydeskLint(root) {
  return tseslint.config(
    { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/migrations/**', '.tmp/**'] },
    ...tseslint.configs.recommended,
    {
      rules: {
        '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
        '@typescript-eslint/no-non-null-assertion': 'off',
        'no-console': 'off',
      },
    },
    {
      files: ['packages/domain/src/**'],
      rules: restrict(['@paydesk/contract', '@paydesk/server', '@paydesk/web', '**/contract/**', '**/apps/**', ...nodeBuiltins], 'domain is pure business language: no I/O and no upper layer'),
    },
    {
      files: ['packages/contract/src/**'],
      rules: restrict(['@paydesk/server', '@paydesk/web', '**/apps/**', ...nodeBuiltins], 'contract runs in browser and Node: no server, web or Node-only imports'),
    },
    { files: ['apps/server/**'], rules: restrict(['@paydesk/web', '**/apps/web/**'], 'the server never imports the web app') },
    { files: ['apps/web/src/**'], rules: restrict(['@paydesk/server', '**/apps/server/**', ...nodeBuiltins.filter((n) => n !== 'path')], 'the web app never imports the server') },
    {
      // RTK Query's `util.invalidateTags` answers an action: called as a statement it does nothing
      // (the /rm-application list was never asked again after a save). Dispatch it.
      files: ['apps/web/src/**'],
      rules: {
        'no-restricted-syntax': ['error', { selector: 'ExpressionStatement > CallExpression[callee.name=/^invalidate[A-Z]/]', message: 'invalidate…() answers an action: dispatch(invalidate…())' }],
      },
    },
    {
      // Every e2e page comes from newPortalContext (reduced motion: no click lost to an animation).
      files: ['e2e/**/*.ts'],
      ignores: ['e2e/browser.ts'],
      rules: {
        'no-restricted-syntax': ['error', { selector: 'CallExpression[callee.property.name=/^new(Context|Page)$/][callee.object.name="browser"]', message: 'open pages through newPortalContext (e2e/browser.ts)' }],
      },
    },
    {
      // Zones and cycles, in every workspace's src. Imports are resolved as Node/Vite do (every
      // relative import names its file, `.ts`/`.tsx` included; workspace packages through their
      // node_modules links). Type-only imports count for the zones.
      //
      // no-cycle: an import cycle anywhere in a src (static or dynamic `import()`) fails lint;
      // break it by moving the shared part into a third module. Type-only imports (`import type`,
      // or every name marked `type`) do not count (import-x never follows them): the compiler
      // erases them (isolatedModules), so they load nothing at run time and cannot cause the
      // initialisation-order bugs a cycle does. Packages (node_modules) are not followed.
      files: ['packages/*/src/**/*.{ts,tsx}', 'apps/*/src/**/*.{ts,tsx}'],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver()],
        // Without these, import-x reads no .ts file and no-cycle finds nothing.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: root, zones: zones(root) }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
    {
      // A cycle through a workspace package would need the package to import an app, which the
      // layer rules above forbid; so the apps' cycle check does not walk domain and contract (a
      // large graph) again from every app file. The packages' own files are still checked above.
      files: ['apps/*/src/**/*.{ts,tsx}'],
      settings: { 'import-x/ignore': ['/packages/(domain|contract)/'] },
    },
  );
}

export default paydeskLint(import.meta.dirname);
