/**
 * Reading a firmware upload (multipart, route `firmwareUpload`): fields Version, Models
 * (comma-separated terminal model names), ReleaseNotes and an optional Sha256 first, then `file`.
 * The image's SHA-256 is computed chunk by chunk while the file part is read, and its size counted
 * against FIRMWARE_MAX_BYTES as it arrives. Errors: VAL400 naming the field (413 for a file past
 * the limit); nothing is stored here.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { ERROR_CODES, FIRMWARE_MAX_BYTES, FIRMWARE_VERSION_PATTERN, SHA256_PATTERN } from '@paydesk/domain';
import { AppError, badInput } from '../../platform/errors.ts';
import { cleanFileName } from '../../platform/file-names.ts';
import { formFieldText, uploadFileName } from '../../platform/upload.ts';

/** A firmware upload as read: its fields, bytes, computed SHA-256 (lower-case hex) and size in bytes. */
export interface FirmwareUpload {
  version: string;
  models: string[];
  releaseNotes: string;
  /** The checksum the uploader declared (lower case), or null. */
  declaredSha256: string | null;
  fileName: string;
  content: Buffer;
  sha256: string;
  sizeBytes: number;
}

const MAX_NOTES = 2000;

/** Release notes keep line breaks and tabs; other control characters are refused (the input guard does not see multipart fields). */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function readField(name: string, raw: string, into: Partial<FirmwareUpload>): void {
  const v = raw.trim();
  if (name === 'Version') {
    if (!FIRMWARE_VERSION_PATTERN.test(v)) throw badInput('Version', 'enter 1 to 40 letters, digits, ".", "_", "+" or "-", starting with a letter or digit');
    into.version = v;
  } else if (name === 'Models') {
    const models = [...new Set(v.split(',').map((m) => m.trim()).filter(Boolean))];
    if (!models.length) throw badInput('Models', 'choose at least one terminal model');
    if (models.length > 50 || models.some((m) => m.length > 100 || CONTROL.test(m))) throw badInput('Models', 'choose at most 50 terminal models from the list');
    into.models = models;
  } else if (name === 'ReleaseNotes') {
    if (v.length > MAX_NOTES) throw badInput('ReleaseNotes', `enter at most ${MAX_NOTES} characters`);
    if (CONTROL.test(v)) throw badInput('ReleaseNotes', 'remove the control characters');
    into.releaseNotes = v;
  } else if (name === 'Sha256') {
    if (v === '') return;
    if (!SHA256_PATTERN.test(v)) throw badInput('Sha256', 'enter the SHA-256 as 64 hexadecimal digits');
    into.declaredSha256 = v.toLowerCase();
  }
}

/**
 * Reads the form (fields before the file; unknown fields ignored). Throws VAL400 naming Version,
 * Models, ReleaseNotes, Sha256 or file, or 413 naming file past FIRMWARE_MAX_BYTES. Does not
 * compare the declared checksum (the caller does, naming Sha256).
 */
export async function readFirmwareForm(req: FastifyRequest): Promise<FirmwareUpload> {
  if (!req.isMultipart()) throw badInput('file', 'send the form as multipart/form-data');
  const got: Partial<FirmwareUpload> = { releaseNotes: '', declaredSha256: null };
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      readField(part.fieldname, formFieldText(part), got);
      continue;
    }
    if (part.fieldname !== 'file') {
      await part.toBuffer();
      continue;
    }
    if (!got.version) throw badInput('Version', 'send Version before the file');
    if (!got.models) throw badInput('Models', 'send Models before the file');
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > FIRMWARE_MAX_BYTES) break;
      hash.update(chunk);
      chunks.push(chunk);
    }
    if (size > FIRMWARE_MAX_BYTES || part.file.truncated) throw new AppError(413, ERROR_CODES.VALIDATION, `file: larger than the ${FIRMWARE_MAX_BYTES / 1024 / 1024} MiB firmware limit`);
    if (!size) throw badInput('file', 'the file is empty');
    return { ...(got as FirmwareUpload), fileName: cleanFileName(uploadFileName(part.filename ?? '')), content: Buffer.concat(chunks, size), sha256: hash.digest('hex'), sizeBytes: size };
  }
  if (!got.version) throw badInput('Version', 'This field cannot be empty');
  if (!got.models) throw badInput('Models', 'This field cannot be empty');
  throw badInput('file', 'no file was sent');
}
