/**
 * Writing firmware images: storing an upload and retiring an image, each in the
 * caller's transaction (the route writes the audit in the same one).
 */
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@paydesk/domain';
import type { ServerConfig } from '../../config.ts';
import type { Query } from '../../db/client.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { writeStorageOf } from '../../platform/object-storage.ts';
import type { Scope } from '../../platform/scope.ts';
import { seesFirmware } from './access.ts';
import type { FirmwareUpload } from './firmware-form.ts';

/**
 * Checks and stores `upload`, answering the new image's id (`repeated` false). In order, before
 * anything is written: a declared Sha256 must equal the computed one (VAL400 naming Sha256), every
 * model must be an active terminal model (VAL400 naming Models), and no model may have an image of
 * this version already (CF409 naming Version; the unique index settles a race the same way) —
 * except the very same image sent again (an ACTIVE image of this version with these bytes and
 * exactly these models), which answers that image's id with `repeated` true and writes nothing:
 * the vendor's file uploaded twice is one image, not a conflict. The bytes
 * go to the object storage of KYC documents (disk under DATA_DIR or S3) under `firmware/<uuid>`
 * before the row, so a failed insert leaves an orphan object, never a row without its bytes.
 */
export async function storeFirmware(q: Query, config: ServerConfig, scope: Scope, upload: FirmwareUpload, at: Date): Promise<{ id: number; repeated: boolean }> {
  if (!seesFirmware(scope)) throw notFound('Firmware');
  if (upload.declaredSha256 !== null && upload.declaredSha256 !== upload.sha256) {
    throw badInput('Sha256', `the file's SHA-256 is ${upload.sha256}, not the declared ${upload.declaredSha256}: the file changed on its way or is not the one meant`);
  }
  const known = await q<{ model: string }>(`SELECT model FROM terminal_models WHERE model = ANY($1::text[]) AND is_active = 1`, [upload.models]);
  const unknown = upload.models.filter((m) => !known.some((k) => k.model === m));
  if (unknown.length) throw badInput('Models', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a terminal model' : 'are not terminal models'} of the list`);
  const taken = await q<{ model: string }>(`SELECT model FROM firmware_file_models WHERE model = ANY($1::text[]) AND firmware_version = $2 ORDER BY model`, [upload.models, upload.version]);
  if (taken.length) {
    const [same] = await q<{ id: number }>(
      `SELECT f.id FROM firmware_files f WHERE f.firmware_version = $1 AND f.sha256 = $2 AND f.status = 'ACTIVE'
         AND (SELECT array_agg(m.model ORDER BY m.model) FROM firmware_file_models m WHERE m.firmware_id = f.id) = (SELECT array_agg(x ORDER BY x) FROM unnest($3::text[]) AS x)`,
      [upload.version, upload.sha256, upload.models],
    );
    if (same) return { id: Number(same.id), repeated: true };
  }
  if (taken.length) throw new AppError(409, ERROR_CODES.CONFLICT, `Version: ${taken.map((t) => t.model).join(', ')} already ${taken.length === 1 ? 'has' : 'have'} firmware ${upload.version}`);
  const storageKey = `firmware/${randomUUID()}`;
  const storage = writeStorageOf(config);
  await storage.put(storageKey, upload.content, 'application/octet-stream');
  const [row] = await q<{ id: number }>(
    `INSERT INTO firmware_files (firmware_version, file_name, size_bytes, sha256, storage, storage_key, release_notes, uploaded_by_user_id, uploaded_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $9) RETURNING id`,
    [upload.version, upload.fileName, upload.sizeBytes, upload.sha256, storage.kind, storageKey, upload.releaseNotes, scope.userId, at],
  );
  const id = Number(row!.id);
  await q(`INSERT INTO firmware_file_models (firmware_id, model, firmware_version) SELECT $1, m, $2 FROM unnest($3::text[]) AS m`, [id, upload.version, upload.models]);
  return { id, repeated: false };
}

/**
 * Retires image `id` with a reason (under its row lock). Errors: NF404; CF409 when it is retired
 * already or a rollout of it is RUNNING or PAUSED (cancel that first: its terminals are offered it).
 */
export async function retireFirmware(q: Query, scope: Scope, input: { id: number; reason: string; at: Date }): Promise<void> {
  if (!seesFirmware(scope)) throw notFound('Firmware');
  const [f] = await q<{ status: string }>(`SELECT status FROM firmware_files WHERE id = $1 FOR UPDATE`, [input.id]);
  if (!f) throw notFound('Firmware');
  if (f.status !== 'ACTIVE') throw new AppError(409, ERROR_CODES.CONFLICT, 'The firmware is retired already');
  const [busy] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_rollouts WHERE firmware_id = $1 AND status IN ('RUNNING', 'PAUSED')`, [input.id]);
  if (Number(busy?.n ?? 0) > 0) throw new AppError(409, ERROR_CODES.CONFLICT, 'The firmware has a running or paused rollout: cancel it before retiring the firmware');
  await q(`UPDATE firmware_files SET status = 'RETIRED', retired_by_user_id = $2, retired_at = $3, retire_reason = $4, version = version + 1, updated_at = $3 WHERE id = $1`, [input.id, scope.userId, input.at, input.reason]);
}
