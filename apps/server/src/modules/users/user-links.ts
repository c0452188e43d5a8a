/**
 * The single-use links e-mailed to users: an invitation (72 h) sets the first
 * password, a reset (1 h) a new one. The token is 32 random bytes (43 base64url characters) that
 * travels only in the e-mail; `user_tokens` keeps its SHA-256, so a database reader cannot use a
 * live link. A new link of a purpose makes the user's earlier unused ones of that purpose useless.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserTokenPurpose } from '@paydesk/domain';
import type { Query } from '../../db/client.ts';
import { queueMail } from '../../platform/mail.ts';
import { portalUrl } from '../../platform/public-url.ts';

/** How long a link works, ms. */
export const TOKEN_TTL_MS: Readonly<Record<UserTokenPurpose, number>> = { INVITE: 72 * 3_600_000, RESET: 3_600_000 };

/** The stored form of a token: its SHA-256 in hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Issues a `purpose` link for user `user` through the open transaction `q` and writes its e-mail
 * to the outbox (delivered by the mail queue once `q` commits). Earlier unused links of the same
 * purpose are marked used. The link's origin is PUBLIC_URL (platform/public-url.ts), never the
 * request's Host. Times are the app clock (UTC). Throws AppError 503 SRV503 before writing anything
 * when no origin may be used (PUBLIC_URL unset in production, or a non-loopback request in
 * development), and when the database refuses. `productName` (live settings) is read by the caller
 * before its transaction opens.
 */
export async function sendUserLink(
  app: FastifyInstance,
  req: FastifyRequest,
  q: Query,
  user: { id: number; email: string; nickName: string },
  purpose: UserTokenPurpose,
  createdByUserId: number,
  productName: string,
): Promise<void> {
  // First, so a refused origin leaves no token and no mail behind.
  const linkPrefix = portalUrl(app, req, '/auth/invite?token=');
  const now = app.ctx.now();
  const token = randomBytes(32).toString('base64url');
  await q(`UPDATE user_tokens SET used_at = $3 WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [user.id, purpose, now]);
  await q(`INSERT INTO user_tokens (user_id, purpose, token_hash, expires_at, created_by_user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    user.id,
    purpose,
    tokenHash(token),
    new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    createdByUserId,
    now,
  ]);
  const link = `${linkPrefix}${token}`;
  const hours = TOKEN_TTL_MS[purpose] / 3_600_000;
  const mail =
    purpose === 'INVITE'
      ? {
          subject: `You are invited to the ${productName} Portal`,
          body: `Hello ${user.nickName},\n\nYou have been invited to the ${productName} Portal as ${user.email}.\nSet your password with this link (it works once, for ${hours} hours):\n\n${link}\n\nIf you did not expect this e-mail, ignore it.\n`,
        }
      : {
          subject: `Reset your ${productName} Portal password`,
          body: `Hello ${user.nickName},\n\nA new password was requested for ${user.email} on the ${productName} Portal.\nSet it with this link (it works once, for ${hours} hour${hours === 1 ? '' : 's'}):\n\n${link}\n\nUntil then your current password keeps working. If you did not ask for this, tell your administrator.\n`,
        };
  await queueMail(q, app.jobs, app.ctx.keys.fieldKey, { to: user.email, template: purpose, ...mail });
}
