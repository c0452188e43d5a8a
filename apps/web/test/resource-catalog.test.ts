/**
 * The light resource catalogue (features/resources/catalog.ts, derived from the navigation tree)
 * is what the web app's menu and route table read; RESOURCES is what the server serves. They must
 * name the same resources with the same path, module and actions, and each entry must load its
 * own declaration.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES, resourcePermission } from '@paydesk/contract';
import { allRoutes, PERMISSION_CATALOGUE } from '@paydesk/domain';
import { catalogEntryByPath, RESOURCE_CATALOG } from '../src/features/resources/catalog.ts';

const byName = <T extends { name: string }>(xs: readonly T[]) => [...xs].sort((a, b) => a.name.localeCompare(b.name));

describe('RESOURCE_CATALOG', () => {
  it('lists every declared resource with its name, path and module', () => {
    expect(byName(RESOURCE_CATALOG).map(({ name, path, module }) => ({ name, path, module }))).toEqual(byName(RESOURCES).map(({ name, path, module }) => ({ name, path, module })));
  });

  it("gives each resource the route permission and actions its navigation entry declares (the permissions' source)", () => {
    const routes = new Map(allRoutes().map((r) => [r.path, r]));
    for (const def of RESOURCES) {
      const route = routes.get(def.path)!;
      expect(def.actions.map((a) => a.toLowerCase()).sort(), def.name).toEqual([...route.resource!.actions].sort());
      expect(resourcePermission(def, 'view'), def.name).toBe(route.permission);
      for (const a of def.actions) expect(PERMISSION_CATALOGUE, `${def.name} ${a}`).toContain(resourcePermission(def, a.toLowerCase() as Lowercase<typeof a>));
    }
    expect(allRoutes().filter((r) => r.resource).length).toBe(RESOURCES.length);
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
