/**
 * The digest of a multipart upload that two identical uploads share (platform/route.ts joins
 * identical concurrent uploads by it). A browser picks a random multipart boundary per request,
 * so the bytes of two uploads of the same form and file differ in the boundary only: the digest
 * is the SHA-256 of the body with every boundary delimiter replaced by one fixed marker.
 */
import { createHash } from 'node:crypto';

declare module 'fastify' {
  interface FastifyRequest {
    /** uploadDigest of the body of an upload route, set once its signature is verified (secure-channel.ts). */
    uploadDigest?: string;
  }
}

/** The boundary of a multipart content type (quoted or not), or null. */
function boundaryOf(contentType: string | undefined): string | null {
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Hex SHA-256 of `body` with each `--<boundary>` of `contentType` replaced by a fixed marker;
 * without a multipart boundary, of the bytes as they are. Two bodies answer the same digest
 * exactly when they are equal once their boundaries are set aside.
 */
export function uploadDigest(body: Buffer, contentType: string | undefined): string {
  const hash = createHash('sha256');
  const boundary = boundaryOf(contentType);
  if (!boundary) return hash.update(body).digest('hex');
  const delimiter = Buffer.from(`--${boundary}`);
  // A boundary is printable (RFC 2046), so the marker never stands for a part of one. A body that
  // held the marker itself could share a digest with another; route.ts keys by session too, so
  // only the caller's own uploads could ever be joined.
  const marker = Buffer.from('\0boundary\0');
  let from = 0;
  for (let at = body.indexOf(delimiter, from); at !== -1; at = body.indexOf(delimiter, from)) {
    hash.update(body.subarray(from, at)).update(marker);
    from = at + delimiter.length;
  }
  return hash.update(body.subarray(from)).digest('hex');
}
