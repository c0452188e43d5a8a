import { z } from 'zod';
import { FIELD_MESSAGES, RULE_MESSAGES, VALIDATION_MESSAGES, validateField, type LogSource } from '@paydesk/domain';
import { defineResource } from '../define.ts';
import { maxLengthMessage, text, textarea, wholeNumberMessage } from '../fields.ts';

/**
 * A setting's value type, stored in `value_type` and shown read-only:
 *  - `INT:<min>:<max>`  a whole number in the range;
 *  - `BOOL`             `true` or `false`;
 *  - `TEXT:<max>`       non-empty text of at most max characters, no control characters;
 *  - `URL_OR_PATH`      an http(s) URL (§5 url) or a path on this server starting with a single `/`;
 *  - `URL_OR_EMPTY`     an http(s) URL, or empty (the feature is off).
 */
export type SettingValueType = `INT:${number}:${number}` | 'BOOL' | `TEXT:${number}` | 'URL_OR_PATH' | 'URL_OR_EMPTY';

export interface SystemSettingSpec {
  key: string;
  valueType: SettingValueType;
  description: string;
}

/** The retention setting of one log source (issue 30): whole days kept, from 90 to 3650. */
function logRetention<S extends LogSource>(source: S, what: string) {
  return [{ key: `LOG_RETENTION_DAYS_${source}` as const, valueType: 'INT:90:3650' as const, description: `Days the ${what} is kept; older days are deleted.` }];
}

/**
 * The typed system settings (§2 /system-setting). The server seeds each key once, with the value of
 * its environment variable (README) or the default, and reads them at run time
 * (apps/server/src/platform/settings.ts), so a change takes effect without a restart.
 */
export const SYSTEM_SETTINGS = [
  { key: 'SESSION_IDLE_MINUTES', valueType: 'INT:1:240', description: 'A session idle for longer than this many minutes ends, and the user must sign in again.' },
  { key: 'LOCKOUT_THRESHOLD', valueType: 'INT:3:20', description: 'Failed sign-ins in a row that lock an account.' },
  { key: 'LOCKOUT_MINUTES', valueType: 'INT:5:1440', description: 'How long a locked account stays locked, in minutes.' },
  { key: 'PASSWORD_MIN_LENGTH', valueType: 'INT:8:64', description: 'Minimum length of a new password.' },
  { key: 'PASSWORD_REQUIRE_SYMBOL', valueType: 'BOOL', description: 'Whether a new password must contain a character that is neither a letter nor a digit.' },
  { key: 'PRODUCT_NAME', valueType: 'TEXT:60', description: "The product name shown in the portal's title and on the sign-in page." },
  { key: 'IP_LOOKUP_V4_URL', valueType: 'URL_OR_PATH', description: 'Where the browser asks for its public IPv4 address; tried first.' },
  { key: 'IP_LOOKUP_V6_URL', valueType: 'URL_OR_PATH', description: 'Where the browser asks for its public IPv6 address; tried second.' },
  { key: 'COUNTRY_SERVICE_URL', valueType: 'URL_OR_PATH', description: 'The country service that lists states and cities.' },
  { key: 'POS_URL', valueType: 'URL_OR_EMPTY', description: 'The external point-of-sale site opened from Services; empty hides the entry.' },
  // Exports are governed work: each holds a database reader and a CPU for its whole run.
  { key: 'EXPORT_MAX_CONCURRENT', valueType: 'INT:1:10', description: 'Exports (XLSX or CSV) one user may run at the same time; one more is refused.' },
  // At most 1,000,000 so an XLSX export always fits one sheet (1,048,576 rows with the header).
  { key: 'EXPORT_MAX_ROWS', valueType: 'INT:1:1000000', description: 'Most rows one export may hold; a larger one is refused before it starts, asking to narrow the filter.' },
  // The refund desk's queue: a request nobody handles does not wait forever.
  { key: 'REFUND_EXPIRY_DAYS', valueType: 'INT:1:365', description: 'Days a refund request may stay pending; older pending requests expire.' },
  // The pending-transaction logs (§2 /txnresppending-log-files, /txnterminalpending-log-files).
  { key: 'TXN_PENDING_MINUTES', valueType: 'INT:1:1440', description: 'Minutes a transaction may stay pending before the pending-transaction log lists it.' },
  // Log retention per source (PCI DSS 10.5.1: twelve months kept, three at hand): whole days are dropped past it.
  // Terminal log files (/master-terminal-log-files): a larger upload is refused while it streams (413), nothing kept.
  { key: 'LOG_FILE_MAX_MB', valueType: 'INT:1:1024', description: 'Largest terminal log file accepted, in MB (after gzip is undone); a larger upload is refused.' },
  ...logRetention('PAYMENT', 'payment log (calls to providers and merchants)'),
  ...logRetention('MOBILE', 'mobile log'),
  ...logRetention('PORTAL', 'portal log (every request)'),
  ...logRetention('SCHEDULER', 'scheduler log (every job run)'),
  ...logRetention('TERMINAL', 'terminal log'),
  ...logRetention('MASTER_DEVICES_API', 'master devices API log'),
  ...logRetention('TXN_RESP_PENDING', 'pending online transaction log'),
  ...logRetention('TXN_TERMINAL_PENDING', 'pending terminal transaction log'),
  ...logRetention('CARD_RECEIPT_UPLOAD', 'card receipt upload log'),
  ...logRetention('TERMINAL_ERECEIPT_UPLOAD', 'terminal e-receipt upload log'),
  ...logRetention('MASTER_TERMINAL', 'master terminal log files'),
] as const satisfies readonly SystemSettingSpec[];
export type SystemSettingKey = (typeof SYSTEM_SETTINGS)[number]['key'];

const HTTP_URL = /^https?:\/\/[^\s/?#]+/i;
const LOCAL_PATH = /^\/(?!\/)[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*$/;

const isUrl = (v: string) => HTTP_URL.test(v) && validateField('url', v) === true;

/**
 * Why `value` is not a valid value of `valueType`, or null when it is: a field message key of
 * packages/domain (filled with the type's range or length, e.g. 'enter a whole number from 1 to
 * 240'), so the form shows it translated.
 */
export function settingValueProblem(valueType: string, value: string): string | null {
  const int = /^INT:(\d+):(\d+)$/.exec(valueType);
  if (int) {
    const [min, max] = [Number(int[1]), Number(int[2])];
    return /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max ? null : wholeNumberMessage(min, max);
  }
  const txt = /^TEXT:(\d+)$/.exec(valueType);
  if (txt) {
    if (value.trim() === '') return VALIDATION_MESSAGES.required;
    if (value.length > Number(txt[1])) return maxLengthMessage(Number(txt[1]));
    return /[\u0000-\u001f\u007f]/.test(value) ? FIELD_MESSAGES.controlChars : null;
  }
  switch (valueType) {
    case 'BOOL':
      return value === 'true' || value === 'false' ? null : FIELD_MESSAGES.trueFalse;
    case 'URL_OR_PATH':
      return isUrl(value) || LOCAL_PATH.test(value) ? null : FIELD_MESSAGES.urlOrPath;
    case 'URL_OR_EMPTY':
      return value === '' || isUrl(value) ? null : FIELD_MESSAGES.urlOrEmpty;
    default:
      return RULE_MESSAGES.settingType;
  }
}

/**
 * /system-setting: typed settings (module `systemsetting`: update and export only — the keys are
 * fixed by the code that reads them, so there is no create or delete). SettingKey and ValueType
 * are read-only; an update's SettingValue must parse as the row's ValueType and range (refine,
 * checked by the engine on the stored record with the change over it), else VAL400 naming
 * SettingValue. Every change is audited by the engine.
 */
export const systemSettingResource = defineResource({
  name: 'SystemSetting',
  path: '/system-setting',
  module: 'systemsetting',
  table: 'system_settings',
  scope: 'platform',
  titleKey: 'nav.system-setting',
  titleField: 'SettingKey',
  fields: {
    SettingKey: { ...text('setting_key', 'res.systemSetting.key', { max: 60, list: true, filter: 'contains', sortable: true }), readOnly: true },
    // Any text up to 500 characters (empty allowed: POS_URL may be off); the refine checks it by ValueType.
    SettingValue: { ...text('setting_value', 'res.systemSetting.value', { max: 500, list: true }), schema: z.string().trim().max(500, maxLengthMessage(500)) },
    ValueType: { ...text('value_type', 'res.systemSetting.valueType', { max: 40, list: true }), readOnly: true },
    Description: textarea('description', 'res.systemSetting.description', { max: 500, list: true }),
  },
  actions: ['update', 'export'],
  defaultSort: { Field: 'SettingKey', Order: 'asc' },
  refine: (r) => {
    if (typeof r.SettingValue !== 'string' || typeof r.ValueType !== 'string') return null;
    const problem = settingValueProblem(r.ValueType, r.SettingValue);
    return problem ? { field: 'SettingValue', message: problem } : null;
  },
  description: 'Typed settings read at run time (idle limit, lockout, password policy, product name, service URLs, export limits); values checked by type.',
});
