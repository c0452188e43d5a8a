/**
 * The one file of a multipart upload (§7 "multipart POST"): field `file`, an .xlsx or .csv name,
 * at most the multipart plugin's fileSize (10 MB). Shared by every upload route (resource
 * BulkUpload, bulk MDR update). Errors: VAL400 naming `file`.
 */
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { ERROR_CODES } from '@paydesk/domain';
import { AppError } from './errors.ts';

export async function uploadedFile(req: FastifyRequest): Promise<{ file: Buffer; filename: string }> {
  if (!req.isMultipart()) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: send the file as multipart/form-data');
  const part = await req.file();
  if (!part) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: no file was sent');
  if (!/\.(xlsx|csv)$/i.test(part.filename)) throw new AppError(400, ERROR_CODES.VALIDATION, 'file: only .xlsx and .csv files are accepted');
  const file = await part.toBuffer();
  if (part.file.truncated) throw new AppError(413, ERROR_CODES.VALIDATION, 'file: larger than the 10 MB upload limit');
  return { file, filename: part.filename };
}
