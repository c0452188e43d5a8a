/**
 * The pure decision of §8: what a failed call means for the user. A failure is either a response
 * (any status, with or without an `{ErrorCode, ErrorMessage}` body) or a transport error; the
 * verdict says whether the session ends and which lines the single error toast shows.
 */
import { SESSION_ENDING_CODES } from '@paydesk/domain';

export const MESSAGES = {
  sessionDefault: 'Unexpected Error',
  default: 'Default Unexpected',
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
} as const;

export type Failure =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'aborted' }
  | { kind: 'network' }
  | { kind: 'timeout'; timeoutMs: number };

export interface Verdict {
  endSession: boolean;
  /** The ErrorCode of the body, when there was one. */
  code: string | null;
  /** Lines of one toast: usually one, several for a multi-line password-policy message. */
  messages: string[];
  /** The whole error body, when there was one (e.g. a bulk upload's per-row `Errors`). */
  body?: Readonly<Record<string, unknown>>;
  /**
   * The server's reference of the failed request (the body's `RequestId`, its X-Request-Id): the
   * toast shows it so support finds the request in the portal log (issue 30). Absent without one.
   */
  reference?: string;
}

type ErrorBody = {
  ErrorCode: string;
  ErrorMessage?: unknown;
  RequestId?: unknown;
};

/** §8: "A response with ErrorCode set is an error", whatever its HTTP status. */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const code = (body as { ErrorCode?: unknown }).ErrorCode;
  return typeof code === 'string' && code !== '';
}

/**
 * A message with a blank line and the word Password (a password-policy answer) becomes one line
 * per rule; anything else stays one line.
 */
export function splitMessage(message: string): string[] {
  if (!/\n[ \t]*\r?\n/.test(message.replace(/\r\n/g, '\n')) || !/\bpassword\b/i.test(message)) return [message];
  return message
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

function messageOf(body: ErrorBody, fallback: string): string {
  return typeof body.ErrorMessage === 'string' && body.ErrorMessage.trim() !== '' ? body.ErrorMessage : fallback;
}

export function classifyFailure(failure: Failure): Verdict {
  switch (failure.kind) {
    case 'aborted':
      return { endSession: false, code: null, messages: [MESSAGES.aborted] };
    case 'network':
      return { endSession: false, code: null, messages: [MESSAGES.network] };
    case 'timeout':
      return { endSession: false, code: null, messages: [MESSAGES.timeout(failure.timeoutMs)] };
    case 'response': {
      if (!isErrorBody(failure.body)) return { endSession: false, code: null, messages: [MESSAGES.default] };
      const code = failure.body.ErrorCode;
      const endSession = SESSION_ENDING_CODES.includes(code);
      const message = messageOf(failure.body, endSession ? MESSAGES.sessionDefault : MESSAGES.default);
      const reference = typeof failure.body.RequestId === 'string' && failure.body.RequestId !== '' ? failure.body.RequestId : null;
      return { endSession, code, messages: splitMessage(message), body: failure.body, ...(reference ? { reference } : {}) };
    }
  }
}
