/** `switch`: a yes/no flag stored as smallint 1/0; files say Yes/No (or Active/Inactive) in any language. */
import { z } from 'zod';
import { textual } from './base.ts';
import { switchValue, yesNoText } from './cells.ts';

export const switchKind = textual({
  answer: () => z.number(),
  filterValue: () => z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform(Number),
  parseCell: (_f, text) => switchValue(text),
  cellText: (_f, value, lang) => yesNoText(value, lang),
  toForm: (v) => (v === 1 || v === true ? 1 : 0),
  requiredMark: false,
  column: () => ({ width: 90, ellipsis: false }),
});
