/**
 * The desks' demo records, the last step of the portal's first start (seedDemoOnboarding calls
 * it, after the profiles' persons and bank accounts it needs): zone master keys (demo-zmk.ts),
 * firmware images and staged rollouts (demo-firmware.ts, demo-rollouts.ts), Revenue Monster
 * applications with their KYC documents (demo-rm-applications.ts), all written through the
 * modules by the platform staff (demo-staff.ts); then believable times for what the earlier
 * first-start steps wrote at run time (demo-activity-times.ts).
 *
 * Images and documents are files: they need the folder the portal keeps uploads in. Without one
 * (an in-memory database, PostgreSQL, unless `dataDir` is given) the firmware and the applications,
 * whose sending needs the documents on file, are left out; the keys and the times are not.
 */
import type { PGlite } from '@electric-sql/pglite';
import type { Database, Query } from '../db/client.ts';
import { dateDemoActivity, type DatedActivity } from './demo-activity-times.ts';
import { seedDemoFirmware } from './demo-firmware.ts';
import { seedDemoRmApplications } from './demo-rm-applications.ts';
import { seedDemoRollouts } from './demo-rollouts.ts';
import { platformStaff } from './demo-staff.ts';
import { seedDemoZmk } from './demo-zmk.ts';

/** What seedDemoDesks wrote and moved. */
export interface DemoDesks {
  zmkKeys: number;
  firmwareImages: number;
  rollouts: number;
  rmApplications: number;
  dated: DatedActivity;
}

/**
 * The folder of an embedded database opened on disk: main.ts opens PGlite in DATA_DIR, the
 * folder the portal keeps uploaded files in (platform/object-storage.ts diskStorage). Null for an
 * in-memory database and for PostgreSQL.
 */
export function embeddedDataDir(database: Database): string | null {
  if (database.kind !== 'pglite') return null;
  const dir = ((database.db as unknown as { $client: PGlite }).$client).dataDir;
  return dir && !dir.startsWith('memory://') ? dir : null;
}

/**
 * Writes the desks' demo records (see the file comment) in the caller's transaction `q`, at times
 * before `now` (UTC); `fieldKey` seals the key material, `dataDir` (or null) holds the files.
 * Answers what it wrote. Throws what the modules throw.
 */
export async function seedDemoDesks(q: Query, o: { now: Date; fieldKey: Uint8Array; dataDir: string | null }): Promise<DemoDesks> {
  const dated = await dateDemoActivity(q, o.now);
  const staff = await platformStaff(q);
  const zmkKeys = await seedDemoZmk(q, { staff, fieldKey: o.fieldKey, now: o.now });
  if (o.dataDir === null) return { zmkKeys, firmwareImages: 0, rollouts: 0, rmApplications: 0, dated };
  const images = await seedDemoFirmware(q, { staff, dataDir: o.dataDir, now: o.now });
  const rollouts = await seedDemoRollouts(q, { staff, images, now: o.now });
  const rmApplications = await seedDemoRmApplications(q, { staff, dataDir: o.dataDir, now: o.now });
  return { zmkKeys, firmwareImages: images.length, rollouts, rmApplications, dated };
}
