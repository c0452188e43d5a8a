/**
 * The screen's table as a user reads it, for the page tests on the real server: the data rows,
 * the column titles, and a row's cell under a title (text content), all inside `main`.
 */

/** The data rows of the tables in `main` (no placeholder or expanded rows). */
export const bodyRows = (): HTMLElement[] => Array.from(document.querySelectorAll<HTMLElement>('main .ant-table-tbody tr.ant-table-row'));

/** The column titles of the tables in `main`, in order. */
export const headers = (): string[] => Array.from(document.querySelectorAll<HTMLElement>('main .ant-table-thead th')).map((th) => th.textContent ?? '');

/** The text of `row`'s cell under the column titled `header` ('' when there is none). */
export const cellOf = (row: HTMLElement, header: string): string => row.querySelectorAll('td')[headers().indexOf(header)]?.textContent ?? '';
