/**
 * The server secret: `PAYDESK_SECRET` (≥ 32 bytes, hex or base64) or, for the embedded default, a
 * random one created once in DATA_DIR/server-secret (mode 0600). Never in the repository or the
 * bundle. Purpose keys are derived from it with HKDF-SHA256.
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ServerKeys {
  /** HS256 key of the session JWTs. */
  jwtKey: Uint8Array;
  /** Wraps secure-channel keys at rest. */
  kek: Uint8Array;
  /** Encrypts secret resource fields at rest (provider keys, ZMK components ...). */
  fieldKey: Uint8Array;
}

function decode(secret: string): Buffer {
  const buf = /^[0-9a-fA-F]+$/.test(secret) ? Buffer.from(secret, 'hex') : Buffer.from(secret, 'base64');
  if (buf.length < 32) throw new Error('PAYDESK_SECRET must hold at least 32 bytes (64 hex characters or 44 base64 characters)');
  return buf;
}

/** Loads or creates the secret and derives the purpose keys. Throws on a short PAYDESK_SECRET. */
export function loadServerKeys(secret: string | undefined, dataDir: string): ServerKeys {
  let master: Buffer;
  if (secret) master = decode(secret);
  else {
    const file = join(dataDir, 'server-secret');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
    }
    master = decode(readFileSync(file, 'utf8').trim());
  }
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return { jwtKey: derive('paydesk-jwt-v1'), kek: derive('paydesk-kek-v1'), fieldKey: derive('paydesk-field-v1') };
}
