/** Typed system settings and the message templates (e-mail/SMS/push bodies) with their keys. */
import { sql } from 'drizzle-orm';
import { pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { managed } from './columns.ts';

/** Typed system settings (idle limit, lockout, password policy, product name, URLs ...). */
export const systemSettings = pgTable('system_settings', {
  id: serial('id').primaryKey(),
  settingKey: text('setting_key').notNull().unique(),
  settingValue: text('setting_value').notNull(),
  valueType: text('value_type').notNull(),
  description: text('description').notNull(),
  isActive: smallint('is_active').notNull().default(1),
  ...managed(),
});

/** Keys of the message templates (e-mail/SMS/push bodies) with the placeholders a body may use. */
export const messageTemplateKeys = pgTable('message_template_keys', {
  templateKey: text('template_key').primaryKey(),
  description: text('description').notNull(),
  placeholders: text('placeholders').array().notNull().default(sql`'{}'::text[]`),
});

/** Message templates: one body per language for a key and channel, with {{Placeholders}}. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: serial('id').primaryKey(),
    templateKey: text('template_key').notNull().references(() => messageTemplateKeys.templateKey),
    channel: text('channel').notNull(),
    subject: text('subject'),
    bodyEn: text('body_en').notNull(),
    bodyMs: text('body_ms').notNull(),
    bodyZh: text('body_zh').notNull(),
    isActive: smallint('is_active').notNull().default(1),
    ...managed(),
  },
  (t) => [uniqueIndex('message_templates_uq').on(t.templateKey, t.channel)],
);
