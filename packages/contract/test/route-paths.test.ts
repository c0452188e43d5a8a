/**
 * ROUTE_PATHS (the browser's schema-free copy of the route table) must say exactly what the route
 * table says for every hand-declared and every report route: the same names, methods, paths and
 * secure-channel and idempotency flags. (Resource routes are not in it: the resource client builds their paths.)
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS, ROUTE_TABLE, routes } from '../src/index.ts';

const table = Object.entries(ROUTE_TABLE).filter(([name, r]) => name in routes || 'report' in r);

describe('ROUTE_PATHS', () => {
  it('names every hand-declared and report route of the table and no other', () => {
    expect(Object.keys(ROUTE_PATHS).sort()).toEqual(table.map(([n]) => n).sort());
    expect(Object.keys(ROUTE_PATHS).some((n) => n.startsWith('Report.'))).toBe(true);
  });

  it.each(table)('%s has the same method, path, encryption and idempotency', (name, route) => {
    expect(ROUTE_PATHS[name as keyof typeof ROUTE_PATHS]).toEqual({ method: route.method, path: route.path, encrypted: route.encrypted, ...(route.idempotent ? { idempotent: true } : {}) });
  });
});
