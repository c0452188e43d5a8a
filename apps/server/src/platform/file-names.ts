/**
 * File names of uploads and downloads, shared by every module that stores or serves a user's file
 * (KYC documents, firmware images): a name fit to keep, and the Content-Disposition that sends it
 * back intact in any language.
 */
import { create as createContentDisposition } from 'content-disposition';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A file name fit to keep and to send back in Content-Disposition: the last path segment,
 * without control characters, quotes or backslashes, at most 200 characters ('document' if
 * nothing is left).
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"\\]/g, '').trim().slice(0, 200);
  return clean || 'document';
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Content-Disposition of a download (RFC 6266), built by the `content-disposition` package:
 * `attachment; filename="<ASCII fallback>"` and, when the name is not plain ASCII, also
 * `filename*=UTF-8''<RFC 8187 percent-encoding>` so a name in Malay or Chinese arrives intact.
 * The library encodes every character RFC 8187's attr-char excludes (`( ) ' *` among them),
 * which `encodeURIComponent` alone leaves raw. The fallback replaces each non-ASCII character
 * with `_` (the library's own `?` is not allowed in Windows file names). Throws nothing for any
 * string: control characters go to the encoded form too, a lone surrogate becomes U+FFFD.
 */
export function attachmentHeader(name: string): string {
  // A lone surrogate has no UTF-8 form (encodeURIComponent throws on it): it becomes U+FFFD.
  const fileName = name.replace(LONE_SURROGATE, '\uFFFD');
  const ascii = fileName.replace(/[^\u0020-\u007e]/g, '_');
  // An ASCII name is left to the library, which still adds filename* when the name holds a %XX
  // sequence a browser could mistake for an escape.
  return createContentDisposition(fileName, { type: 'attachment', fallback: ascii === fileName ? true : ascii });
}

/**
 * Answers `content` (the file's bytes, streamed or whole) as the download of `name`: octet-stream,
 * attachment under the name (attachmentHeader), its SHA-256 (hex) as X-Checksum-Sha256 so the
 * receiver can check what it saved, never cached nor sniffed.
 */
export function sendAttachment(reply: FastifyReply, content: Readable | Buffer, name: string, sha256: string): FastifyReply {
  return reply
    .header('content-type', 'application/octet-stream')
    .header('content-disposition', attachmentHeader(name))
    .header('x-checksum-sha256', sha256)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(content);
}
