/**
 * The demo's firmware images (/terminal-firmware-management), uploaded through the firmware
 * module (storeFirmware: the models checked, the bytes stored in the document storage under
 * `firmware/<uuid>`, the row with their SHA-256 and size) by the platform staff, in office hours,
 * oldest build first: every build the demo terminals report (demo-terminals.ts FIRMWARE_BUILDS),
 * each for its manufacturer's models, and one new PAX build not yet in the field. The oldest PAX
 * build is retired (retireFirmware). The staged rollouts follow (demo-rollouts.ts).
 *
 * The images are demo bytes, not firmware: a text header saying so, then bytes of a SHA-256
 * stream, 96–640 KiB, deterministic from the version; the stored bytes hash to the row's SHA-256.
 */
import { createHash } from 'node:crypto';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { Query } from '../db/client.ts';
import { retireFirmware, storeFirmware } from '../modules/firmware/firmware-write.ts';
import { DAY_MS, officeTimeBetween } from './demo-clock.ts';
import type { DemoStaff } from './demo-staff.ts';
import { FIRMWARE_BUILDS } from './demo-terminals.ts';
import { Rng } from './random.ts';

/** The PAX build uploaded in the last weeks, not yet on any terminal: the paused rollout's image (demo-rollouts.ts). */
export const NEW_PAX_BUILD = 'PayDroid_9.1.0';

/** What each build's release notes say (by version); a build not listed gets a generic note. */
const NOTES: Readonly<Record<string, string>> = {
  'PayDroid_9.1.0': 'Contactless kernel update (Visa VCPS 2.2.x, Mastercard M/Chip 1.3.x); faster DuiNow QR scanning; fixes a receipt cut-off on long merchant names.',
  'PayDroid_9.0.2': 'Android security patch level 2026-01; EMV L2 kernel re-certified; battery saver no longer drops the host connection.',
  'PayDroid_8.1.7': 'Security patches; printer driver fix for 58 mm paper rolls.',
  'PayDroid_7.1.3': 'Last build of the 7.x line.',
  'CASTLES_OS_2.4.1': 'PCI PTS 6.x security update; TLS 1.3 to the host; DuitNow QR display fix.',
};

/** One image as uploaded. */
export interface DemoImage {
  id: number;
  version: string;
  manufacturer: string;
  /** uploaded_at, UTC ms. */
  uploadedAt: number;
}

/**
 * Uploads the demo images (see the file comment) in the caller's transaction `q`, storing the
 * bytes on disk under `dataDir` (storage 'LOCAL', as the portal stores uploads there without S3)
 * as `staff` (round robin) between the day after the latest of the uploader's and the models'
 * creation and about 75 days before `now` (the new PAX build: 12–14 days before). A manufacturer
 * with no active model in terminal_models is skipped. Answers the images, oldest first.
 * Throws what storing throws (a disk failure).
 */
export async function seedDemoFirmware(q: Query, o: { staff: readonly DemoStaff[]; dataDir: string; now: Date }): Promise<DemoImage[]> {
  if (!o.staff.length) return [];
  const nowMs = o.now.getTime();
  const config: ServerConfig = { ...loadConfig({}), dataDir: o.dataDir, s3: undefined };
  const models = await q<{ model: string; manufacturer: string | null; created_at: Date }>(`SELECT model, manufacturer, created_at FROM terminal_models WHERE is_active = 1 ORDER BY model`);
  const rng = new Rng(0xf1_2026);
  const plan: { version: string; manufacturer: string; models: string[]; at: number; by: DemoStaff }[] = [];
  for (const [manufacturer, builds] of Object.entries(FIRMWARE_BUILDS)) {
    const own = models.filter((m) => m.manufacturer === manufacturer);
    if (!own.length) continue;
    const versions = [...builds.map(([v]) => v)].reverse();
    if (manufacturer === 'PAX') versions.push(NEW_PAX_BUILD);
    const from = Math.max(...own.map((m) => new Date(m.created_at).getTime())) + DAY_MS;
    const to = Math.max(from + 10 * DAY_MS, nowMs - 75 * DAY_MS);
    versions.forEach((version, i) => {
      const isNew = version === NEW_PAX_BUILD;
      let lo = isNew ? nowMs - 14 * DAY_MS : from + (i / versions.length) * (to - from);
      let hi = isNew ? nowMs - 12 * DAY_MS : from + ((i + 0.8) / versions.length) * (to - from);
      // Uploaded by someone whose account existed then (in turn); failing that, by the oldest account, later.
      const able = o.staff.filter((s) => s.createdAt + DAY_MS <= hi);
      const by = able.length ? able[plan.length % able.length]! : [...o.staff].sort((a, b) => a.createdAt - b.createdAt)[0]!;
      lo = Math.max(lo, by.createdAt + DAY_MS);
      hi = Math.max(hi, lo + 5 * DAY_MS);
      plan.push({ version, manufacturer, models: own.map((m) => m.model), at: officeTimeBetween(rng, lo, Math.min(hi, nowMs - DAY_MS)), by });
    });
  }
  plan.sort((a, b) => a.at - b.at);
  const images: DemoImage[] = [];
  for (const p of plan) {
    const content = imageBytes(p.version, p.manufacturer, p.models);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const { id } = await storeFirmware(q, config, p.by.scope, {
      version: p.version, models: p.models, releaseNotes: NOTES[p.version] ?? `${p.manufacturer} maintenance release: security patches and stability fixes.`,
      declaredSha256: sha256, fileName: `${p.version}.bin`, content, sha256, sizeBytes: content.length,
    }, new Date(p.at));
    images.push({ id, version: p.version, manufacturer: p.manufacturer, uploadedAt: p.at });
  }
  // The oldest PAX build: retired once its successor's successor had been in the field a month.
  const oldest = images.find((i) => i.version === FIRMWARE_BUILDS.PAX?.at(-1)?.[0]);
  const current = images.find((i) => i.version === FIRMWARE_BUILDS.PAX?.[0]?.[0]);
  if (oldest && current) {
    const by = o.staff[0]!;
    const lo = Math.max(current.uploadedAt + 30 * DAY_MS, by.createdAt + DAY_MS);
    const at = officeTimeBetween(rng, lo, Math.max(lo + DAY_MS, nowMs - 30 * DAY_MS));
    await retireFirmware(q, by.scope, { id: oldest.id, reason: `End of PAX support for ${oldest.version}: terminals still on it move to ${current.version} at their next service visit`, at: new Date(Math.min(at, nowMs - DAY_MS)) });
  }
  return images;
}

/** The demo bytes of an image (see the file comment): deterministic from the version. */
function imageBytes(version: string, manufacturer: string, models: readonly string[]): Buffer {
  const header = Buffer.from(`PAYDESK DEMO FIRMWARE IMAGE - NOT FOR TERMINALS\nvendor: ${manufacturer}\nversion: ${version}\nmodels: ${models.join(', ')}\n\n`, 'utf8');
  const seed = createHash('sha256').update(version).digest();
  const size = (96 + (seed.readUInt32BE(0) % 545)) * 1024;
  const out = Buffer.alloc(size);
  header.copy(out);
  for (let at = header.length, n = 0; at < size; at += 32, n++) createHash('sha256').update(seed).update(String(n)).digest().copy(out, at);
  return out;
}
