/**
 * SUPERADMIN (every permission, so every built route opens its screen) at 390 × 844 and 1440 × 900:
 * no horizontal overflow, 0 critical/serious axe-core violations (WCAG 2.0/2.1 A and AA), a title
 * "{screen} · {product} Portal" differing per screen, a `main` landmark and a skip link that is the
 * first Tab stop and moves focus to it. The other checks are in layout-a11y.test.ts; the
 * two files run side by side.
 */
import { describe, it } from 'vitest';
import { a11yFixture, SIZES, SWEEP_MS } from './a11y.ts';

describe('every built route as the SUPERADMIN', () => {
  const fx = a11yFixture();

  for (const [name, viewport] of SIZES) {
    it(`SUPERADMIN at ${name}: every built route`, async () => {
      const page = await fx.newPage(viewport);
      await fx.signIn(page, 'admin@paydesk.my');
      const visits = await fx.visitAll(page);
      fx.expectClean(visits, null);
    }, SWEEP_MS);
  }
});
