/**
 * Outgoing e-mail: the mail outbox. A change that sends mail (an invitation, a
 * password reset) writes its row to `mail_outbox` and queues its delivery job in the SAME
 * transaction, so a mail exists exactly when the change commits. The body is sealed at rest under
 * the field key (it carries a live single-use link) and opened only to be sent.
 *
 * The `mail-send` queue delivers one row per job through nodemailer's SMTP transport (SMTP_URL),
 * retried with exponential backoff (MAIL_RETRY_LIMIT retries from 30 s on); the row ends SENT (with
 * `sent_at`) or, when its job fails for good (the last attempt threw or outlived its expiry: the
 * queue's failedForGood, platform/jobs.ts), FAILED with the error. Without SMTP_URL nothing is sent:
 * the row stays PENDING and the log says where to read it (development and demos).
 * Delivery is at least once (a crash between the SMTP answer and the SENT mark resends).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Query } from '../db/client.ts';
import { openSecret, sealSecret } from './sealing.ts';
import { serverLog } from './server-log.ts';
import type { AppContext } from './context.ts';
import type { JobAttempt, JobQueue, JobQueueDef } from './jobs.ts';

/** The delivery queue: one job per outbox row. */
export const MAIL_QUEUE: JobQueueDef = { name: 'mail-send', retryLimit: 6, retryDelaySeconds: 30, retryBackoff: true, expireInSeconds: 120 };

/** One delivery job: the outbox row's id. */
export interface MailJob {
  mailId: number;
}

/** A mail to write to the outbox: plain-text body; `template` names its kind (INVITE, RESET). */
export interface OutgoingMail {
  to: string;
  subject: string;
  body: string;
  template: string;
}

/**
 * Writes `mail` to the outbox (body sealed under `fieldKey`) and queues its delivery, both through
 * the open transaction `q`. Resolves with the row id; throws (rolling the transaction back) when
 * the database refuses.
 */
export async function queueMail(q: Query, jobs: JobQueue, fieldKey: Uint8Array, mail: OutgoingMail): Promise<number> {
  const [row] = await q<{ id: string | number }>(`INSERT INTO mail_outbox (to_address, subject, body, template) VALUES ($1, $2, $3, $4) RETURNING id`, [
    mail.to,
    mail.subject,
    sealSecret(fieldKey, mail.body),
    mail.template,
  ]);
  const mailId = Number(row!.id);
  await jobs.send<MailJob>(MAIL_QUEUE.name, { mailId }, { in: q });
  return mailId;
}

/** The SMTP transport of `smtpUrl`, made once per URL (a pooled connection is reused). */
const transports = new Map<string, Transporter>();
function transportOf(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) transports.set(smtpUrl, (t = nodemailer.createTransport(smtpUrl)));
  return t;
}

/**
 * One attempt at delivering outbox row `job.data.mailId`: sends it and marks it SENT; on an SMTP
 * error records the attempt and the error and throws (the queue retries; the job failing for good
 * turns the row FAILED: markMailFailed). A row already SENT, FAILED or gone is skipped (a repeated
 * job). Without SMTP_URL the row stays PENDING and a server log warning names it (its id; the
 * address stays in the outbox).
 */
export async function deliverMail(ctx: AppContext, job: JobAttempt<MailJob>): Promise<void> {
  const { database, config, keys, now } = ctx;
  const [row] = await database.query<{ id: number; to_address: string; subject: string; body: string; status: string }>(
    `SELECT id, to_address, subject, body, status FROM mail_outbox WHERE id = $1`,
    [job.data.mailId],
  );
  if (!row || row.status === 'SENT' || row.status === 'FAILED') return;
  if (!config.smtpUrl) {
    serverLog.warn({ component: 'mail', mailId: row.id }, `mail ${row.id} stays PENDING in mail_outbox: SMTP_URL is not set`);
    return;
  }
  try {
    await transportOf(config.smtpUrl).sendMail({ from: config.mailFrom, to: row.to_address, subject: row.subject, text: openSecret(keys.fieldKey, row.body) });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await database.query(`UPDATE mail_outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1 AND status = 'PENDING'`, [row.id, message.slice(0, 1000)]);
    throw err;
  }
  await database.query(`UPDATE mail_outbox SET attempts = attempts + 1, status = 'SENT', sent_at = $2, last_error = NULL WHERE id = $1`, [row.id, now()]);
}

/**
 * The mail queue's failedForGood: outbox row `mailId`, still PENDING, turns FAILED with `message`
 * (the last attempt's error, or the queue's expiry). A SENT or FAILED row is left as it is. The
 * retry path is the action that wrote the mail (ResendInvite, ResetPassword), which writes a new row.
 */
export async function markMailFailed(ctx: AppContext, mailId: number, message: string): Promise<void> {
  await ctx.database.query(`UPDATE mail_outbox SET status = 'FAILED', last_error = $2 WHERE id = $1 AND status = 'PENDING'`, [mailId, message.slice(0, 1000)]);
}

/** Defines the mail queue and starts its worker on this server. */
export async function installMailJobs(jobs: JobQueue, ctx: AppContext): Promise<void> {
  await jobs.define(MAIL_QUEUE);
  await jobs.work<MailJob>(MAIL_QUEUE.name, (job) => deliverMail(ctx, job), { failedForGood: (data, message) => markMailFailed(ctx, data.mailId, message) });
}
