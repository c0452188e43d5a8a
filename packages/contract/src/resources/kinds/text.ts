/** `text`: one line of free text (names, codes, e-mail, phone, URL); Keyword searches it. */
import { textual } from './base.ts';

export const textKind = textual({ keyword: true, sendsBlank: true, column: () => ({ width: 180, ellipsis: true }) });
