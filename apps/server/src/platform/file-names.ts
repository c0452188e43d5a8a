/**
 * File names of uploads and downloads, shared by every module that stores or serves a user's file
 * (KYC documents, firmware images): a name fit to keep, and the Content-Disposition that sends it
 * back intact in any language.
 */
import { create as createContentDisposition } from 'content-disposition';

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
