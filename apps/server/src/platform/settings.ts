/**
 * The live system settings (/system-setting, table system_settings): the values the server reads
 * at run time instead of its start-up configuration, so that a change takes effect without a
 * restart — the idle limit (auth guard), the lockout threshold and length (sign-in), the password
 * policy, the product name and service URLs of the runtime configuration endpoint, and the export
 * limits (platform/export-run.ts).
 *
 * Design: one small cache per server (per AppContext). A read older than SETTINGS_MAX_AGE_MS
 * (5 s) is read again; an Update of a SystemSetting through this server invalidates it at once
 * (modules/system-settings), other servers follow within 5 s. A row that is missing, inactive or
 * holds a value its type refuses falls back to the ServerConfig value (the environment variable),
 * which is also what the reference data seeds each key with on first start.
 */
import { SYSTEM_SETTINGS, settingValueProblem, type SystemSettingKey } from '@paydesk/contract';
import { LOG_SOURCES, type LogSource } from '@paydesk/domain';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { AppContext } from './context.ts';

export const SETTINGS_MAX_AGE_MS = 5_000;

export interface LiveSettings {
  idleTimeoutMs: number;
  lockoutThreshold: number;
  lockoutMs: number;
  passwordMinLength: number;
  passwordRequireSymbol: boolean;
  productName: string;
  ipLookupV4Url: string;
  ipLookupV6Url: string;
  countryServiceUrl: string;
  posUrl: string;
  /** Exports one user may run at once. */
  exportMaxConcurrent: number;
  /** Most rows one export may hold. */
  exportMaxRows: number;
  /** Days a refund request may stay PENDING before it expires. */
  refundExpiryDays: number;
  /** Minutes a transaction may stay PENDING before the pending-transaction logs list it. */
  txnPendingMinutes: number;
  /** Largest terminal log file accepted, in bytes (LOG_FILE_MAX_MB × 1,048,576). */
  logFileMaxBytes: number;
  /** Days each log source is kept. */
  logRetentionDays: Record<LogSource, number>;
}

const minutes = (ms: number) => String(Math.round(ms / 60_000));

/** Each setting's value taken from a configuration, as the text stored in setting_value. */
function fromConfig(c: ServerConfig): Record<SystemSettingKey, string> {
  return {
    SESSION_IDLE_MINUTES: minutes(c.idleTimeoutMs),
    LOCKOUT_THRESHOLD: String(c.lockoutThreshold),
    LOCKOUT_MINUTES: minutes(c.lockoutMs),
    PASSWORD_MIN_LENGTH: String(c.passwordMinLength),
    PASSWORD_REQUIRE_SYMBOL: String(c.passwordRequireSymbol),
    PRODUCT_NAME: c.productName,
    IP_LOOKUP_V4_URL: c.ipLookupV4Url,
    IP_LOOKUP_V6_URL: c.ipLookupV6Url,
    COUNTRY_SERVICE_URL: c.countryServiceUrl,
    POS_URL: c.posUrl,
    EXPORT_MAX_CONCURRENT: String(c.exportMaxConcurrent),
    EXPORT_MAX_ROWS: String(c.exportMaxRows),
    REFUND_EXPIRY_DAYS: String(c.refundExpiryDays),
    TXN_PENDING_MINUTES: String(c.txnPendingMinutes),
    LOG_FILE_MAX_MB: String(c.logFileMaxMb),
    ...(Object.fromEntries(LOG_SOURCES.map((s) => [`LOG_RETENTION_DAYS_${s}`, String(c.logRetentionDays)])) as Record<`LOG_RETENTION_DAYS_${LogSource}`, string>),
  };
}

const BUILT_IN = fromConfig(loadConfig({}));

/**
 * The value each setting gets from a configuration: the configured one when its type accepts it,
 * else the built-in default (e.g. IDLE_TIMEOUT_MINUTES=500 is outside 1–240, so 15).
 */
export function settingDefaults(config: ServerConfig): Record<SystemSettingKey, string> {
  const configured = fromConfig(config);
  const out = { ...BUILT_IN };
  for (const s of SYSTEM_SETTINGS) if (settingValueProblem(s.valueType, configured[s.key]) === null) out[s.key] = configured[s.key];
  return out;
}

/** Typed settings from stored values (key → text); anything missing or refused by its type falls back to `config`. */
export function toLiveSettings(stored: ReadonlyMap<string, string>, config: ServerConfig): LiveSettings {
  const fallback = settingDefaults(config);
  const v = {} as Record<SystemSettingKey, string>;
  for (const s of SYSTEM_SETTINGS) {
    const x = stored.get(s.key);
    v[s.key] = x !== undefined && settingValueProblem(s.valueType, x) === null ? x : fallback[s.key];
  }
  return {
    idleTimeoutMs: Number(v.SESSION_IDLE_MINUTES) * 60_000,
    lockoutThreshold: Number(v.LOCKOUT_THRESHOLD),
    lockoutMs: Number(v.LOCKOUT_MINUTES) * 60_000,
    passwordMinLength: Number(v.PASSWORD_MIN_LENGTH),
    passwordRequireSymbol: v.PASSWORD_REQUIRE_SYMBOL === 'true',
    productName: v.PRODUCT_NAME,
    ipLookupV4Url: v.IP_LOOKUP_V4_URL,
    ipLookupV6Url: v.IP_LOOKUP_V6_URL,
    countryServiceUrl: v.COUNTRY_SERVICE_URL,
    posUrl: v.POS_URL,
    exportMaxConcurrent: Number(v.EXPORT_MAX_CONCURRENT),
    exportMaxRows: Number(v.EXPORT_MAX_ROWS),
    refundExpiryDays: Number(v.REFUND_EXPIRY_DAYS),
    txnPendingMinutes: Number(v.TXN_PENDING_MINUTES),
    logFileMaxBytes: Number(v.LOG_FILE_MAX_MB) * 1024 * 1024,
    logRetentionDays: Object.fromEntries(LOG_SOURCES.map((s) => [s, Number(v[`LOG_RETENTION_DAYS_${s}`])])) as Record<LogSource, number>,
  };
}

interface Cache {
  value?: LiveSettings;
  readAt: number;
  pending?: Promise<LiveSettings>;
  /** Bumped by invalidate: a read that started before it is answered but not kept. */
  generation: number;
}

const caches = new WeakMap<AppContext, Cache>();

function cacheOf(ctx: AppContext): Cache {
  let c = caches.get(ctx);
  if (!c) caches.set(ctx, (c = { readAt: 0, generation: 0 }));
  return c;
}

async function read(ctx: AppContext, c: Cache): Promise<LiveSettings> {
  const generation = c.generation;
  try {
    const rows = await ctx.database.query<{ setting_key: string; setting_value: string }>('SELECT setting_key, setting_value FROM system_settings WHERE is_active = 1');
    const value = toLiveSettings(new Map(rows.map((r) => [r.setting_key, r.setting_value])), ctx.config);
    if (generation === c.generation) {
      c.value = value;
      c.readAt = Date.now();
    }
    return value;
  } catch {
    // The database is down or the table is missing: serve the last values, else the configuration.
    return c.value ?? toLiveSettings(new Map(), ctx.config);
  }
}

/**
 * The cached settings when they are fresh (read less than SETTINGS_MAX_AGE_MS ago), else
 * undefined: lets a per-request path skip a promise when nothing needs reading.
 */
export function freshSettings(ctx: AppContext): LiveSettings | undefined {
  const c = cacheOf(ctx);
  return c.value && Date.now() - c.readAt < SETTINGS_MAX_AGE_MS ? c.value : undefined;
}

/** The current settings (cached for at most SETTINGS_MAX_AGE_MS). */
export async function liveSettings(ctx: AppContext): Promise<LiveSettings> {
  const fresh = freshSettings(ctx);
  if (fresh) return fresh;
  const c = cacheOf(ctx);
  if (!c.pending) {
    const p = read(ctx, c).finally(() => {
      if (c.pending === p) c.pending = undefined;
    });
    c.pending = p;
  }
  return c.pending;
}

/** Forgets the cached settings: the next liveSettings reads the table (call after a change). */
export function invalidateSettings(ctx: AppContext): void {
  const c = cacheOf(ctx);
  c.value = undefined;
  c.pending = undefined;
  c.generation++;
}
