/** A LIKE/ILIKE pattern matching `text` anywhere, with the pattern characters of `text` escaped. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
