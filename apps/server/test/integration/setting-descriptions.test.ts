/**
 * System settings' stored descriptions carry no developer text: a fresh database is seeded
 * with the plain texts of SYSTEM_SETTINGS, and a database seeded earlier, whose rows still hold the
 * old texts citing spec sections and error codes ("(§7)", "(SC440)"), gets the plain text at the
 * next start, while a description an administrator wrote is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SYSTEM_SETTINGS } from '@paydesk/contract';
import { systemSettings } from '../../src/db/schema/index.ts';
import { LEGACY_SETTING_DESCRIPTIONS } from '../../src/seed/config-data-b.ts';
import { ensureReferenceData } from '../../src/seed/reference-data.ts';
import { DATABASES, startTestServer, type TestServer } from './harness.ts';

const DEVELOPER_TEXT = /§|\([A-Z]{2,4}\d{3}\)/;

describe.each(DATABASES)('system setting descriptions (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, transactions: 0 });
  });
  afterAll(async () => server?.close());

  const stored = async () =>
    new Map((await server.database.db.select({ key: systemSettings.settingKey, description: systemSettings.description }).from(systemSettings)).map((r) => [r.key, r.description]));

  it('seeds every setting with its plain description', async () => {
    const rows = await stored();
    for (const s of SYSTEM_SETTINGS) expect(rows.get(s.key)).toBe(s.description);
    expect([...rows.values()].filter((d) => DEVELOPER_TEXT.test(d ?? ''))).toEqual([]);
  });

  it('replaces each old seeded text at the next start and keeps an administrator’s own text', async () => {
    const legacy = Object.entries(LEGACY_SETTING_DESCRIPTIONS) as [string, string][];
    expect(legacy.length).toBeGreaterThan(0);
    for (const [key, text] of legacy) {
      expect(text).toMatch(DEVELOPER_TEXT);
      await server.database.db.update(systemSettings).set({ description: text }).where(eq(systemSettings.settingKey, key));
    }
    const own = 'Ours (SC440) on purpose';
    await server.database.db.update(systemSettings).set({ description: own }).where(eq(systemSettings.settingKey, 'LOCKOUT_THRESHOLD'));

    await ensureReferenceData(server.database);

    const rows = await stored();
    for (const [key] of legacy) expect(rows.get(key)).toBe(SYSTEM_SETTINGS.find((s) => s.key === key)?.description);
    expect(rows.get('LOCKOUT_THRESHOLD')).toBe(own);
  });
});
