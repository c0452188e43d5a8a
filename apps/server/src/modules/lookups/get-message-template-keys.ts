/** GetMessageTemplateKey (§7 Lookups): the message template keys with their placeholders, by key. */
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { messageTemplateKeys as k } from '../../db/schema/index.ts';

export async function getMessageTemplateKeys(database: Database) {
  return database.db
    .select({ TemplateKey: k.templateKey, Description: k.description, Placeholders: k.placeholders })
    .from(k)
    .orderBy(asc(k.templateKey));
}
