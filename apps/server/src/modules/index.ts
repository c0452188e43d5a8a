/**
 * Discovery of the module manifests (platform/module-manifest.ts): every folder under modules/
 * holds a `manifest.ts` exporting `manifest`, and `moduleManifests()` answers them all, sorted by
 * folder name.
 *
 * Why the folder is read at start (readdirSync + dynamic import) rather than a generated or
 * hand-kept list: a list is one more shared file every new module edits (or a generator to run and
 * a stale list to catch), and the server is never bundled — main.ts, the e2e server, the benches
 * and the tests all run these TypeScript files where they lie (node --import tsx, vitest), so the
 * folder is there to read. The order is deterministic (folder names, sorted) but carries no
 * meaning: no two modules register the same route (Fastify refuses a duplicate at start, so one
 * would fail every start), the router matches by specificity rather than registration order, no
 * module's routes or queues need another module's, and the hooks modules add (user-groups'
 * guards, system-settings' and the caches' forgetting on writes) are the root instance's, keyed by
 * route, so they apply to the routes registered before them as well as after (they did already:
 * both watch the resource engine's routes, registered earlier).
 *
 * Errors: a folder without `manifest.ts`, a manifest that exports no `manifest`, or one whose
 * `name` is not its folder's name rejects the promise, so the server does not start half wired.
 */
import { readdirSync } from 'node:fs';
import type { ModuleManifest } from '../platform/module-manifest.ts';

/** The module folders under modules/, sorted by name. */
export function moduleFolders(): string[] {
  return readdirSync(new URL('.', import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

let loaded: Promise<ModuleManifest[]> | undefined;

/**
 * The manifest of every module folder, in folder-name order. Loaded once per process (every
 * buildApp of a test file shares it); a rejected load is not kept, so the next call tries again.
 */
export function moduleManifests(): Promise<ModuleManifest[]> {
  loaded ??= Promise.all(moduleFolders().map(loadManifest)).catch((e: unknown) => {
    loaded = undefined;
    throw e;
  });
  return loaded;
}

async function loadManifest(folder: string): Promise<ModuleManifest> {
  const url = new URL(`./${folder}/manifest.ts`, import.meta.url).href;
  let mod: { manifest?: ModuleManifest };
  try {
    mod = (await import(url)) as { manifest?: ModuleManifest };
  } catch (e) {
    throw new Error(`modules/${folder}/manifest.ts could not be loaded: every module folder declares itself there`, { cause: e });
  }
  const m = mod.manifest;
  if (!m) throw new Error(`modules/${folder}/manifest.ts exports no \`manifest\``);
  if (m.name !== folder) throw new Error(`modules/${folder}/manifest.ts is named '${m.name}': a manifest's name is its folder's`);
  return m;
}
