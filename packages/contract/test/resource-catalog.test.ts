/**
 * The light resource catalogue (resources/catalog.ts) is what the web app's menu and route table
 * read; RESOURCES is what the server serves. They must name the same resources, in the same order,
 * with the same path and module, and each entry must load its own declaration.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, RESOURCE_CATALOG, catalogEntryByPath } from '../src/index.ts';

describe('RESOURCE_CATALOG', () => {
  it('lists every declared resource with its name, path and module, in order', () => {
    expect(RESOURCE_CATALOG.map(({ name, path, module }) => ({ name, path, module }))).toEqual(RESOURCES.map(({ name, path, module }) => ({ name, path, module })));
  });

  it.each(RESOURCES.map((def) => [def.name, def] as const))('%s loads its own declaration', async (_name, def) => {
    const entry = catalogEntryByPath(def.path);
    expect(entry?.name).toBe(def.name);
    await expect(entry!.load()).resolves.toBe(def);
  });

  it('answers nothing for a path no resource has', () => {
    expect(catalogEntryByPath('/no-such-screen')).toBeUndefined();
  });
});
