/** `textarea`: several lines of free text (descriptions, bodies); Keyword searches it. */
import { textual } from './base.ts';

export const textareaKind = textual({ keyword: true, sendsBlank: true, column: () => ({ width: 180, ellipsis: true }) });
