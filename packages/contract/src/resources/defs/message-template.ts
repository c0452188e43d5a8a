import { z } from 'zod';
import { MESSAGE_TEMPLATE_KEYS, RULE_MESSAGES, fieldMessage } from '@paydesk/domain';
import { defineResource, type FieldDef } from '../define.ts';
import { select, text, textarea } from '../fields.ts';
import { codeOptions } from './b-fields.ts';

/** Channels a template is written for. */
export const MESSAGE_CHANNELS = ['EMAIL', 'SMS', 'PUSH'] as const;

/** A placeholder as written in a body: `{{Name}}`, a letter then letters or digits, no spaces. */
const TOKEN = /\{\{([^{}]*)\}\}/g;
const NAME = /^[A-Za-z][A-Za-z0-9]*$/;

/** The placeholder names (without braces) a template key allows; undefined for an unknown key. */
export function allowedPlaceholders(templateKey: string): string[] | undefined {
  return MESSAGE_TEMPLATE_KEYS.find((k) => k.key === templateKey)?.placeholders.map((p) => p.replace(/^\{\{|\}\}$/g, ''));
}

/** The placeholder names a text uses, in order of first use (malformed tokens as written). */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))];
}

/**
 * What is wrong with the placeholders of a text for a template key, or null: a placeholder the
 * key does not offer, a malformed one (`{{ Name }}`, `{{1x}}`) or a brace pair left open.
 */
export function placeholderProblem(templateKey: string, text: string): string | null {
  const allowed = allowedPlaceholders(templateKey);
  if (!allowed) return null;
  const used = placeholdersOf(text);
  const malformed = used.filter((n) => !NAME.test(n));
  const braced = (names: string[]) => names.map((n) => `{{${n}}}`).join(', ');
  if (malformed.length) return fieldMessage(RULE_MESSAGES.placeholderShape, { found: braced(malformed) });
  if (/\{\{|\}\}/.test(text.replace(TOKEN, ''))) return RULE_MESSAGES.placeholderOpen;
  const unknown = used.filter((n) => !allowed.includes(n));
  if (unknown.length) {
    return allowed.length
      ? fieldMessage(RULE_MESSAGES.placeholderUnknown, { templateKey, allowed: braced(allowed), found: braced(unknown) })
      : fieldMessage(RULE_MESSAGES.placeholderNone, { templateKey, found: braced(unknown) });
  }
  return null;
}

/**
 * Renders a text for preview: each allowed placeholder with a value is replaced; `Missing` lists
 * the allowed placeholders used without a value (left as written), `Unknown` the placeholders the
 * key does not offer (left as written). The result is plain text, never HTML.
 */
export function renderTemplate(templateKey: string, text: string, values: Record<string, string> = {}): { Rendered: string; Missing: string[]; Unknown: string[] } {
  const allowed = allowedPlaceholders(templateKey) ?? [];
  const used = placeholdersOf(text);
  const Unknown = used.filter((n) => !allowed.includes(n));
  const Missing = used.filter((n) => allowed.includes(n) && values[n] === undefined);
  const Rendered = text.replace(TOKEN, (whole, name: string) => (allowed.includes(name) && values[name] !== undefined ? values[name] : whole));
  return { Rendered, Missing, Unknown };
}

/** TemplateKey: a select over the GetMessageTemplateKey lookup, checked against the domain's keys (which seed that table). */
const templateKeyField: FieldDef = {
  column: 'template_key',
  labelKey: 'res.messageTemplate.templateKey',
  input: 'select',
  lookup: 'messageTemplateKeys',
  schema: z.string().trim().refine((v) => MESSAGE_TEMPLATE_KEYS.some((k) => k.key === v), RULE_MESSAGES.templateKey),
  list: true,
  filter: 'eq',
  sortable: true,
};

const BODIES = ['Subject', 'BodyEn', 'BodyMs', 'BodyZh'] as const;

/**
 * /message-template: e-mail, SMS and push texts per template key (§2, §3, §7
 * GetMessageTemplateKey), one per key and channel, in English, Malay and Chinese. Rules (refine):
 * every text uses only the `{{Placeholders}}` its key offers; an e-mail needs a subject; an SMS
 * has none (the subject of a push is its title). Preview: POST MessageTemplate/Preview. BulkUpload
 * only adds (the key is the pair TemplateKey + Channel; a pair that exists is refused with CF409).
 */
export const messageTemplateResource = defineResource({
  name: 'MessageTemplate',
  path: '/message-template',
  module: 'messagetemplate',
  table: 'message_templates',
  scope: 'platform',
  titleKey: 'nav.message-template',
  titleField: 'TemplateKey',
  fields: {
    TemplateKey: templateKeyField,
    Channel: select('channel', 'res.messageTemplate.channel', codeOptions(MESSAGE_CHANNELS, 'res.messageTemplate.channel'), { list: true, filter: 'eq', sortable: true }),
    Subject: text('subject', 'res.messageTemplate.subject', { max: 200, optional: true, list: true, filter: 'contains' }),
    BodyEn: textarea('body_en', 'res.messageTemplate.bodyEn', { max: 4000 }),
    BodyMs: textarea('body_ms', 'res.messageTemplate.bodyMs', { max: 4000 }),
    BodyZh: textarea('body_zh', 'res.messageTemplate.bodyZh', { max: 4000 }),
  },
  actions: ['create', 'update', 'setStatus', 'delete', 'export', 'bulkUpload'],
  defaultSort: { Field: 'TemplateKey', Order: 'asc' },
  refine: (r) => {
    const key = r.TemplateKey;
    if (typeof key === 'string') {
      for (const f of BODIES) {
        const v = r[f];
        if (typeof v !== 'string') continue;
        const problem = placeholderProblem(key, v);
        if (problem) return { field: f, message: problem };
      }
    }
    // An update that sends Channel EMAIL sends the subject with it; one that does not is checked on the stored record.
    const subject = typeof r.Subject === 'string' ? r.Subject.trim() : r.Subject;
    if (r.Channel === 'EMAIL' && (subject === undefined || subject === null || subject === '')) return { field: 'Subject', message: RULE_MESSAGES.emailSubject };
    if (r.Channel === 'SMS' && typeof subject === 'string' && subject !== '') return { field: 'Subject', message: RULE_MESSAGES.smsSubject };
    return null;
  },
  description: 'Texts per template key and channel in en, ms, zh with the key\'s {{Placeholders}} only; e-mail needs a subject.',
});
