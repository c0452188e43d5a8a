/**
 * File names of uploads and downloads, shared by every module that stores or serves a user's file
 * (KYC documents, firmware images): a name fit to keep, and the Content-Disposition that sends it
 * back intact in any language.
 */

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

/**
 * Content-Disposition of a download: attachment, an ASCII fallback name and the UTF-8 name
 * (RFC 6266 / 5987), so a name in Malay or Chinese arrives intact.
 */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\u0020-\u007e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
