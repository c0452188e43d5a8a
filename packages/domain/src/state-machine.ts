/**
 * A record's lifecycle as data: for each state, the actions it accepts and the state each leads
 * to. The workflow engine reads one of these per record type (a refund request, a risk alert, …):
 * the server refuses an action the machine does not list (409, nothing written), the web app shows
 * a row command only where the row's state accepts it, and the SQL guards of background work use
 * `accepting`. Pure: no time, money or I/O.
 */

/** The transition table: state → action → next state (absent: refused). */
export type Transitions<S extends string, A extends string> = Readonly<Record<S, Readonly<Partial<Record<A, S>>>>>;

export interface StateMachine<S extends string, A extends string> {
  /** The table it was built from. */
  readonly transitions: Transitions<S, A>;
  /** Every state, in the table's order. */
  readonly states: readonly S[];
  /** The states no action leaves (no entry at all). */
  readonly final: readonly S[];
  /** The state `action` leads `from` to, or null when the machine refuses it. */
  next(from: S, action: A): S | null;
  /** The states from which `action` is accepted (buttons, SQL guards). */
  accepting(action: A): S[];
}

/**
 * Builds the machine of `transitions`. A state with an empty entry is final; self-loops (a comment,
 * a resend) are ordinary transitions that leave the state as it was.
 */
export function stateMachine<S extends string, A extends string>(transitions: Transitions<S, A>): StateMachine<S, A> {
  const states = Object.keys(transitions) as S[];
  return {
    transitions,
    states,
    final: states.filter((s) => Object.keys(transitions[s]).length === 0),
    next: (from, action) => transitions[from]?.[action] ?? null,
    accepting: (action) => states.filter((s) => transitions[s][action] !== undefined),
  };
}
