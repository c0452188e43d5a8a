/** GetCardSchemeType (§7 Lookups; §3 Card BIN: CardSchemes and CardTypes lists), from the domain. */
import { CARD_SCHEMES, CARD_TYPES } from '@paydesk/domain';

export function getCardSchemeTypes(): { CardSchemes: string[]; CardTypes: string[] } {
  return { CardSchemes: [...CARD_SCHEMES], CardTypes: [...CARD_TYPES] };
}
