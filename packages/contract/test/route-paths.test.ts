/**
 * ROUTE_PATHS (the browser's schema-free copy of the route table) must say exactly what `routes`
 * says for every route: the same names, methods, paths and secure-channel flags.
 */
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS, routes } from '../src/index.ts';

describe('ROUTE_PATHS', () => {
  it('names every route of the table and no other', () => {
    expect(Object.keys(ROUTE_PATHS).sort()).toEqual(Object.keys(routes).sort());
  });

  it.each(Object.entries(routes))('%s has the same method, path and encryption', (name, route) => {
    expect(ROUTE_PATHS[name as keyof typeof ROUTE_PATHS]).toEqual({ method: route.method, path: route.path, encrypted: route.encrypted });
  });
});
