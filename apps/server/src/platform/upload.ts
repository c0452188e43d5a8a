/**
 * Multipart uploads (§7 "multipart POST"), shared by every upload route. The input guard does not
 * see a multipart body, so what a handler keeps of one passes through here: a field's text and a
 * file's name get the same byte and PAN guards as every JSON field (refused with VAL400 naming
 * the field when they hold NUL and the like; card numbers masked unless the field is exempt by
 * name, PAN_GUARD_EXEMPT_FIELDS).
 */
import type { FastifyRequest } from 'fastify';
import type { MultipartValue } from '@fastify/multipart';
import { ERROR_CODES, isPanGuardExempt, maskPansInText } from '@paydesk/domain';
import { AppError, badInput } from './errors.ts';
import { textProblem } from './input-guard.ts';

/**
 * The text of a multipart field as a handler may keep it (e.g. FormatKey, DocType, ReleaseNotes):
 * its value as a string, card numbers masked unless the field's name is PAN-exempt. Throws VAL400
 * naming the field when it holds a character text cannot hold.
 */
export function formFieldText(part: Pick<MultipartValue, 'fieldname' | 'value'>): string {
  const text = String(part.value);
  const problem = textProblem(text);
  if (problem) throw badInput(part.fieldname, problem);
  return isPanGuardExempt(part.fieldname) ? text : maskPansInText(text);
}

/** A file part's name as a handler may keep it: card numbers masked; VAL400 naming `file` for NUL and the like. */
export function uploadFileName(name: string): string {
  const problem = textProblem(name);
  if (problem) throw badInput('file', `its name ${problem}`);
  return maskPansInText(name);
}

/**
 * The one file of a multipart upload: field `file`, an .xlsx or .csv name, at most the multipart
 * plugin's fileSize (10 MB). Used by the resource BulkUpload, the bulk MDR update, the merchant
 * upload and the payout bank result. `filename` passes through uploadFileName. Errors: VAL400
 * naming `file` (413 past the size).
 */
export async function uploadedFile(req: FastifyRequest): Promise<{ file: Buffer; filename: string }> {
  if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: send the file as multipart/form-data');
  const part = await req.file();
  if (!part) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no file was sent');
  if (!/\.(xlsx|csv)$/i.test(part.filename)) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: only .xlsx and .csv files are accepted');
  const file = await part.toBuffer();
  if (part.file.truncated) throw new AppError(413, ERROR_CODES.VALIDATION, 'file: larger than the 10 MB upload limit');
  return { file, filename: uploadFileName(part.filename) };
}
