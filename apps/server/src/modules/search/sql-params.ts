/** Positional parameters collected while a query's text is written (`$1`, `$2` … in order of use). */
export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds `value` and answers its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** The number the next parameter will take (for helpers that write their own `$n`). */
  get next(): number {
    return this.values.length + 1;
  }

  /** Appends values a helper wrote placeholders for (from `next`). */
  push(values: readonly unknown[]): void {
    this.values.push(...values);
  }
}
