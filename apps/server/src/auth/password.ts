/**
 * Password hashing with argon2id (RFC 9106) at the OWASP Password Storage Cheat Sheet minimum:
 * 19 MiB of memory, 2 iterations, 1 degree of parallelism. The hash string is self-describing
 * (PHC format, `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) with a random 16-byte salt, so the
 * parameters can be raised later without invalidating stored hashes.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

/**
 * `Algorithm.Argon2id`. The package declares `Algorithm` as an ambient const enum, which cannot be
 * read under `isolatedModules`, so its value (2, per the package's typings) is written out here.
 */
const ARGON2ID = 2 as Algorithm;

/** argon2id parameters (OWASP minimum). */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes a plain-text password with argon2id and a fresh random salt.
 * Resolves to the PHC-format hash string to store in `users.password_hash`.
 */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON2_OPTIONS);
}

/**
 * Checks a plain-text password against a stored hash (constant-time comparison inside argon2).
 * Resolves to false, never throws, when the hash is malformed or not an argon2 hash.
 */
export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}
