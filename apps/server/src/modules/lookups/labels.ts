/**
 * English display names of enumeration codes, from the domain's label catalogue (ENUM_LABELS, the
 * same texts the web app shows), so the server and the screens read one source.
 */
import { ENUM_LABELS, type EnumEntry } from '@paydesk/domain';

/** The English label of an enumeration entry; its code when the catalogue has no text for it. */
export const englishLabel = (entry: EnumEntry): string => ENUM_LABELS.en[entry.labelKey] ?? String(entry.code);
