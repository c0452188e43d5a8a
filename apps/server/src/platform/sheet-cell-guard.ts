/**
 * What every cell of an uploaded spreadsheet passes through as it is read (sheet-csv.ts and
 * sheet-xlsx.ts, so readSheet and streamSheetRecords alike): the byte guard and the PAN guard.
 *  - A cell holding NUL or another character PostgreSQL text refuses (input-guard's `textProblem`)
 *    is refused here with its row and column, before a row is staged: otherwise the database
 *    refuses the whole batch later with no line to show.
 *  - A card number in a cell is masked to first 6 + last 4 (`maskPansInText`): provider files put
 *    PANs where ids belong, and nothing of an upload is stored or answered whole. Columns the
 *    caller declares as bank account numbers (`keepDigits`) keep their digits: they are sealed at
 *    rest and answered masked by the code that stores them.
 */
import { ERROR_CODES, maskPansInText } from '@paydesk/domain';
import { AppError } from './errors.ts';
import { textProblem } from './input-guard.ts';

/** Which columns (by header text, as written in the file) keep their digits exactly. */
export type KeepDigits = (header: string) => boolean;

/**
 * 400 VAL400: a cell the database could not hold. `row` is the row's number in the file (header =
 * 1) and `column` the header of its column (or 'column N' in the header row); the body's `Errors`
 * lists it as the bulk uploads list rows ({Row, Field, Message}).
 */
export class SheetCellRefused extends AppError {
  constructor(
    readonly row: number,
    readonly column: string,
    readonly problem: string,
  ) {
    super(400, ERROR_CODES.VALIDATION, `file: row ${row}, column ${JSON.stringify(column.length > 80 ? `${column.slice(0, 80)}…` : column)} ${problem}`, {
      Errors: [{ Row: row, Field: column, Message: problem }],
    });
  }
}

/** How a column is named in a refusal when its header is unknown (the header row itself, an unnamed column): 'column 3'. */
export const columnName = (n: number): string => `column ${n}`;

/**
 * The text a cell is kept as: `text` with every card number masked, unless `keepDigits` holds for
 * `column`. Throws SheetCellRefused naming `row` and `column` when the text holds a character
 * text cannot hold (NUL, other control characters, unpaired surrogates).
 */
export function guardCell(text: string, row: number, column: string, keepDigits?: KeepDigits): string {
  const problem = textProblem(text);
  if (problem) throw new SheetCellRefused(row, column, problem);
  return keepDigits?.(column) ? text : maskPansInText(text);
}
