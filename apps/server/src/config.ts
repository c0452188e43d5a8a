/**
 * Server configuration from the environment, read once at start-up. Every variable is listed in
 * the README's configuration table. The variables behind a system setting (idle limit, lockout,
 * password policy, product name, service URLs, export limits) only seed that setting on first start and stay
 * its fallback; afterwards the setting decides (platform/settings.ts).
 */
import { resolve } from 'node:path';
import type { S3Config } from './platform/object-storage.ts';
import { parsePublicUrl } from './platform/public-url.ts';

export interface ServerConfig {
  port: number;
  host: string;
  /** postgres:// URL (production) or undefined for embedded PGlite. */
  databaseUrl?: string;
  /** PGlite folder; also holds the generated server secret when PAYDESK_SECRET is unset. */
  dataDir: string;
  productName: string;
  /** Idle limit of a session, ms (default 15 minutes). */
  idleTimeoutMs: number;
  /** Failed sign-ins before lockout, and the lockout length in ms. */
  lockoutThreshold: number;
  lockoutMs: number;
  /** Password policy for new passwords: minimum length and whether a symbol is required. */
  passwordMinLength: number;
  passwordRequireSymbol: boolean;
  /** Exports (XLSX or CSV) one user may run at the same time (setting EXPORT_MAX_CONCURRENT). */
  exportMaxConcurrent: number;
  /** Most rows one export may hold; a larger one is refused before any byte (setting EXPORT_MAX_ROWS). */
  exportMaxRows: number;
  /** Days a refund request may stay PENDING before the scheduler expires it (setting REFUND_EXPIRY_DAYS). */
  refundExpiryDays: number;
  /** Minutes a transaction may stay PENDING before the pending-transaction logs list it (TXN_PENDING_MINUTES, default 15). */
  txnPendingMinutes: number;
  /** Largest terminal log file accepted, in MB (LOG_FILE_MAX_MB, default 20). */
  logFileMaxMb: number;
  /** Days every log source is kept unless its LOG_RETENTION_DAYS_<SOURCE> setting says otherwise (LOG_RETENTION_DAYS, default 365). */
  logRetentionDays: number;
  /** pino level of the server's log lines on stdout (LOG_LEVEL: trace … fatal, or silent; default info). */
  logLevel: string;
  /** Seconds between polls of an idle job queue (JOB_POLL_SECONDS, at least 0.5). */
  jobPollSeconds: number;
  /** Retries of a refund acknowledgement after its first attempt (REFUND_ACK_RETRY_LIMIT). */
  refundAckRetryLimit: number;
  /** Seconds before its first retry, doubling after each (REFUND_ACK_RETRY_DELAY_SECONDS). */
  refundAckRetryDelaySeconds: number;
  /** Whether webhooks may go to loopback or private addresses (CALLBACK_ALLOW_PRIVATE; default no: platform/outbound-address.ts). */
  callbackAllowPrivate: boolean;
  /** Sign-in attempts allowed per client address per minute. */
  loginRateLimitPerMinute: number;
  /** Transactions seeded on an empty embedded database. */
  seedTransactions: number;
  demoPassword: string;
  /** Base64 or hex secret (≥ 32 bytes) from PAYDESK_SECRET; generated in dataDir when unset. */
  secret?: string;
  /** Fastify trustProxy: only then is X-Forwarded-For believed for security decisions. */
  trustProxy: boolean | string;
  apiBaseUrl: string;
  ipLookupV4Url: string;
  ipLookupV6Url: string;
  posUrl: string;
  countryServiceUrl: string;
  /** Serve the built web app from this folder (apps/web/dist). */
  webDist: string;
  /** Mark cookies Secure: 'auto' = when the request arrived over HTTPS. */
  secureCookies: 'auto' | boolean;
  /**
   * The portal's public origin (PUBLIC_URL, e.g. https://portal.example.my; checked at start: an
   * http(s) origin without path or query), the base of every absolute URL the server writes (the
   * links e-mailed to users). Empty = unset: links are then refused in production and built only
   * for requests to loopback in development (platform/public-url.ts), never from a Host header.
   */
  publicUrl: string;
  /**
   * Production mode: NODE_ENV=production, the Node convention (frameworks and libraries read the
   * same variable). Without PUBLIC_URL it refuses every request that needs a link.
   */
  production: boolean;
  /** SMTP transport of the mail outbox (SMTP_URL, e.g. smtps://user:pass@mail.example.my:465); empty = mails stay PENDING in mail_outbox. */
  smtpUrl: string;
  /** The From address of e-mails (MAIL_FROM). */
  mailFrom: string;
  /**
   * Two-factor authentication is enforced (MFA_ENFORCE, default true): a user holding any
   * membership whose group requires it (SUPERADMIN groups, or `mfa_required`), whichever group is
   * selected, and who has not enrolled reaches only the routes flagged `beforeMfa` (enrolment, the
   * profile, sign-out, the currency list) until it enrols.
   */
  mfaEnforce: boolean;
  /**
   * S3-compatible storage of uploaded documents (S3_ENDPOINT and S3_BUCKET; S3_REGION default
   * us-east-1; S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY required with them); unset = DATA_DIR.
   */
  s3?: S3Config;
  /**
   * Bearer token of `GET /metrics` (METRICS_TOKEN; issue 30 item 5, platform/metrics.ts): the
   * scraper sends `Authorization: Bearer <token>`, compared in constant time. Empty = unset: the
   * endpoint answers 404 NF404 like an unknown route and nothing is measured.
   */
  metricsToken: string;
}

const REPO_ROOT = resolve(new URL('../../..', import.meta.url).pathname);

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);

/** Reads the configuration; throws when a value is present but invalid. */
/** pino's level names LOG_LEVEL may hold (anything else: info). */
const LOG_LEVEL_NAMES = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

/** Days a refund request may stay PENDING unless REFUND_EXPIRY_DAYS says otherwise (the seed keeps to it too). */
export const DEFAULT_REFUND_EXPIRY_DAYS = 30;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const trust = env.TRUST_PROXY;
  return {
    port: int(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(REPO_ROOT, env.DATA_DIR ?? 'data'),
    productName: env.PRODUCT_NAME ?? 'Paydesk',
    idleTimeoutMs: int(env.IDLE_TIMEOUT_MINUTES, 15) * 60_000,
    lockoutThreshold: int(env.LOCKOUT_THRESHOLD, 10),
    lockoutMs: int(env.LOCKOUT_MINUTES, 30) * 60_000,
    passwordMinLength: int(env.PASSWORD_MIN_LENGTH, 12),
    passwordRequireSymbol: env.PASSWORD_REQUIRE_SYMBOL === 'true',
    exportMaxConcurrent: int(env.EXPORT_MAX_CONCURRENT, 2),
    exportMaxRows: int(env.EXPORT_MAX_ROWS, 1_000_000),
    refundExpiryDays: int(env.REFUND_EXPIRY_DAYS, DEFAULT_REFUND_EXPIRY_DAYS),
    txnPendingMinutes: int(env.TXN_PENDING_MINUTES, 15),
    logFileMaxMb: int(env.LOG_FILE_MAX_MB, 20),
    logRetentionDays: int(env.LOG_RETENTION_DAYS, 365),
    logLevel: LOG_LEVEL_NAMES.has(env.LOG_LEVEL ?? '') ? env.LOG_LEVEL! : 'info',
    jobPollSeconds: Math.max(0.5, Number(env.JOB_POLL_SECONDS ?? 2) || 2),
    refundAckRetryLimit: int(env.REFUND_ACK_RETRY_LIMIT, 6),
    refundAckRetryDelaySeconds: int(env.REFUND_ACK_RETRY_DELAY_SECONDS, 30),
    callbackAllowPrivate: env.CALLBACK_ALLOW_PRIVATE === 'true',
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT_PER_MINUTE, 30),
    seedTransactions: int(env.SEED_TRANSACTIONS, 200_000),
    demoPassword: env.DEMO_PASSWORD ?? 'Paydesk@2026',
    secret: env.PAYDESK_SECRET || undefined,
    trustProxy: trust === undefined || trust === '' ? false : trust === 'true' ? true : trust,
    apiBaseUrl: env.API_BASE_URL ?? '',
    ipLookupV4Url: env.IP_LOOKUP_V4_URL ?? '/api/portal/ip/echo',
    ipLookupV6Url: env.IP_LOOKUP_V6_URL ?? '/api/portal/ip/echo',
    posUrl: env.POS_URL ?? '',
    countryServiceUrl: env.COUNTRY_SERVICE_URL ?? '/api/country',
    webDist: resolve(REPO_ROOT, env.WEB_DIST ?? 'apps/web/dist'),
    secureCookies: env.SECURE_COOKIES === 'true' ? true : env.SECURE_COOKIES === 'false' ? false : 'auto',
    publicUrl: parsePublicUrl(env.PUBLIC_URL ?? ''),
    production: env.NODE_ENV === 'production',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM ?? 'Paydesk <no-reply@paydesk.invalid>',
    mfaEnforce: env.MFA_ENFORCE !== 'false',
    s3: s3Of(env),
    metricsToken: env.METRICS_TOKEN?.trim() ?? '',
  };
}

/** The S3 settings, when S3_ENDPOINT or S3_BUCKET is set; throws naming what is missing or invalid. */
function s3Of(env: NodeJS.ProcessEnv): S3Config | undefined {
  const endpoint = env.S3_ENDPOINT?.trim() ?? '';
  const bucket = env.S3_BUCKET?.trim() ?? '';
  if (!endpoint && !bucket) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]?.trim());
  if (missing.length) throw new Error(`S3 storage: set ${missing.join(', ')} too (or unset S3_ENDPOINT and S3_BUCKET to keep documents under DATA_DIR)`);
  if (!/^https?:\/\/[^/]+/.test(endpoint)) throw new Error('S3_ENDPOINT: an http(s) URL, e.g. https://s3.ap-southeast-1.amazonaws.com');
  return { endpoint, bucket, region: env.S3_REGION?.trim() || 'us-east-1', accessKeyId: env.S3_ACCESS_KEY_ID!.trim(), secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim() };
}

export { REPO_ROOT };
