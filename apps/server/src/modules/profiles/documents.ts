/**
 * KYC documents of a profile: the SSM certificate, directors' IDs, a bank
 * statement, other papers. An upload (multipart: field `DocType`, then field `file`) is accepted
 * only as PDF, JPEG or PNG as its magic bytes tell (the `file-type` package; the name and the
 * declared Content-Type are never trusted) and at most ORG_DOCUMENT_MAX_BYTES (5 MiB). The bytes
 * are stored under the key `documents/<org id>/<uuid>` on disk under DATA_DIR (storage 'LOCAL') or
 * in the S3-compatible bucket when configured ('S3'; platform/object-storage.ts), with their
 * SHA-256, size and storage in org_documents. A download is served
 * only inside the caller's scope (another tenant's id answers the same 404 as a missing one).
 */
import { cleanFileName } from '../../platform/file-names.ts';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import type { ProfileDocument } from '@paydesk/contract';
import { ORG_DOCUMENT_MAX_BYTES, ORG_DOCUMENT_MIME_TYPES, ORG_DOCUMENT_TYPES, type OrgDocumentType, type OrgLevel } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import type { ServerConfig } from '../../config.ts';
import { AppError, badInput, notFound } from '../../platform/errors.ts';
import { storageOf, writeStorageOf, type StorageKind } from '../../platform/object-storage.ts';
import { subtreeSql, type Scope } from '../../platform/scope.ts';
import { formFieldText, uploadFileName } from '../../platform/upload.ts';
import { ERROR_CODES } from '@paydesk/domain';

/** An uploaded document before it is stored: its kind, the name as sent (cleaned) and its bytes. */
export interface DocumentUpload {
  docType: OrgDocumentType;
  fileName: string;
  content: Buffer;
}


/**
 * Reads the upload form: `DocType` (one of ORG_DOCUMENT_TYPES) first, then `file`. Throws
 * VAL400 naming DocType or file (missing, empty, larger than 5 MiB).
 */
export async function readDocumentForm(req: FastifyRequest): Promise<DocumentUpload> {
  if (!req.isMultipart()) throw badInput('file', 'send the form as multipart/form-data');
  let docType: OrgDocumentType | undefined;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      if (part.fieldname !== 'DocType') continue;
      const v = formFieldText(part).trim().toUpperCase();
      if (!(ORG_DOCUMENT_TYPES as readonly string[]).includes(v)) throw badInput('DocType', `choose one of ${ORG_DOCUMENT_TYPES.join(', ')}`);
      docType = v as OrgDocumentType;
      continue;
    }
    if (part.fieldname !== 'file') {
      await part.toBuffer();
      continue;
    }
    if (!docType) throw badInput('DocType', 'send DocType before the file');
    const content = await part.toBuffer();
    if (part.file.truncated || content.length > ORG_DOCUMENT_MAX_BYTES) throw new AppError(413, ERROR_CODES.VALIDATION, `file: larger than the ${ORG_DOCUMENT_MAX_BYTES / 1024 / 1024} MB document limit`);
    if (!content.length) throw badInput('file', 'the file is empty');
    return { docType, fileName: cleanFileName(uploadFileName(part.filename ?? '')), content };
  }
  throw docType ? badInput('file', 'no file was sent') : badInput('DocType', 'This field cannot be empty');
}

/**
 * The MIME type of `content` by its magic bytes, when it is one a KYC document may be. Throws
 * VAL400 naming the file otherwise (e.g. a Windows program named .pdf).
 */
export async function documentMimeType(content: Buffer, fileName: string): Promise<(typeof ORG_DOCUMENT_MIME_TYPES)[number]> {
  const found = await fileTypeFromBuffer(content);
  const mime = found?.mime as (typeof ORG_DOCUMENT_MIME_TYPES)[number] | undefined;
  if (!mime || !ORG_DOCUMENT_MIME_TYPES.includes(mime)) {
    throw badInput('file', `"${fileName}" is not a PDF, JPEG or PNG file: its content was checked, not its name (found ${found ? found.mime : 'an unknown type'})`);
  }
  return mime;
}

/**
 * Stores `upload` for organization `orgId` (already found in the caller's scope, locked) and
 * records it; answers the document as listed (`repeated` false). The bytes are stored before the
 * row is written, so a failed insert leaves an orphan object, never a row without its bytes. The
 * same bytes again as a live document of the same type of this organization answer that document
 * (`repeated` true, nothing written): a certificate sent twice is one document for the reviewer,
 * not two. Throws VAL400 for a file that is not a PDF, JPEG or PNG; a storage failure (disk, S3)
 * is rethrown (500).
 */
export async function storeDocument(
  q: Query, config: ServerConfig, scope: Scope, orgId: number, upload: DocumentUpload, at: Date,
): Promise<z.output<typeof ProfileDocument> & { sha256: string; repeated: boolean }> {
  const mimeType = await documentMimeType(upload.content, upload.fileName);
  const sha256 = createHash('sha256').update(upload.content).digest('hex');
  const [had] = await q<{ id: number; file_name: string; mime_type: string; size_bytes: number; uploaded_at: Date; email: string | null }>(
    `SELECT d.id, d.file_name, d.mime_type, d.size_bytes, d.uploaded_at, u.email FROM org_documents d LEFT JOIN users u ON u.id = d.uploaded_by_user_id
     WHERE d.org_id = $1 AND d.doc_type = $2 AND d.sha256 = $3 AND d.deleted_at IS NULL ORDER BY d.id LIMIT 1`,
    [orgId, upload.docType, sha256],
  );
  if (had) {
    return {
      Id: Number(had.id), DocType: upload.docType, FileName: had.file_name, MimeType: had.mime_type as typeof mimeType, SizeBytes: Number(had.size_bytes),
      UploadedAt: new Date(had.uploaded_at).toISOString(), UploadedBy: had.email, sha256, repeated: true,
    };
  }
  const storageKey = `documents/${orgId}/${randomUUID()}`;
  const storage = writeStorageOf(config);
  await storage.put(storageKey, upload.content, mimeType);
  const [row] = await q<{ id: number }>(
    `INSERT INTO org_documents (org_id, doc_type, file_name, mime_type, size_bytes, sha256, storage, storage_key, uploaded_by_user_id, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [orgId, upload.docType, upload.fileName, mimeType, upload.content.length, sha256, storage.kind, storageKey, scope.userId, at],
  );
  return { Id: Number(row!.id), DocType: upload.docType, FileName: upload.fileName, MimeType: mimeType, SizeBytes: upload.content.length, UploadedAt: at.toISOString(), UploadedBy: scope.email, sha256, repeated: false };
}

/** A document row found in scope. */
export interface DocumentRow {
  id: number;
  org_id: number;
  doc_type: OrgDocumentType;
  file_name: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
  storage: StorageKind;
  storage_key: string;
}

/**
 * The live (not deleted) document `id` of an organization of `levels` inside the caller's
 * subtree, locked when `lock`. Throws NF404 'Document not found' for a missing, deleted or
 * foreign id alike.
 */
export async function findScopedDocument(q: Query, scope: Scope, id: number, levels: readonly OrgLevel[], lock = false): Promise<DocumentRow> {
  const sub = subtreeSql(scope, 'o', 3);
  const [d] = await q<DocumentRow>(
    `SELECT d.id, d.org_id, d.doc_type, d.file_name, d.mime_type, d.size_bytes, d.sha256, d.storage, d.storage_key FROM org_documents d JOIN organizations o ON o.id = d.org_id
     WHERE d.id = $1 AND d.deleted_at IS NULL AND o.level = ANY($2::text[]) AND ${sub.text}${lock ? ' FOR UPDATE OF d' : ''}`,
    [id, levels, ...sub.values],
  );
  if (!d) throw notFound('Document');
  return { ...d, id: Number(d.id), org_id: Number(d.org_id), size_bytes: Number(d.size_bytes) };
}

/** The stored bytes of a document, from the storage its row names. Throws NF404 when they are gone. */
export async function documentContent(config: ServerConfig, d: DocumentRow): Promise<Buffer> {
  const content = await storageOf(config, d.storage).get(d.storage_key);
  if (!content) throw notFound('Document file');
  return content;
}
