import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/app/guards.tsx';

describe('return path after sign-in', () => {
  it('returns to a path inside the app', () => {
    expect(safeReturnPath('/transaction/ecommerce?status=SUCCESS')).toBe('/transaction/ecommerce?status=SUCCESS');
    expect(safeReturnPath('/authority-report')).toBe('/authority-report');
  });

  it('goes to the dashboard for anything else', () => {
    for (const from of [null, undefined, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', '/auth', '/auth?from=/x', 'transaction'])
      expect(safeReturnPath(from)).toBe('/');
  });
});
