import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routes } from '../src/routes.ts';

describe('docs/API.md', () => {
  it('lists every endpoint of the route table (drift gate)', () => {
    const doc = readFileSync(new URL('../../../docs/API.md', import.meta.url), 'utf8');
    for (const [name, def] of Object.entries(routes)) expect(doc, name).toContain(`\`${def.method} ${def.path}\``);
  });
});
