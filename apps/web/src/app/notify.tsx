/**
 * The toast the API client raises (§8): one error message, several lines as a list, and under
 * them the failed request's reference ("Reference: 7f3a…", selectable whole) that support finds in
 * the portal log (issue 30). Bound to antd's App context (theme, locale) by <NotifyBridge/>, with
 * the static API before it mounts.
 */
import { useEffect } from 'react';
import { App, message as staticMessage } from 'antd';
import { i18n } from '../i18n/index.ts';

type MessageApi = ReturnType<typeof App.useApp>['message'];

let bound: MessageApi | null = null;

/**
 * "Reference:" in each language. Here, not in the catalogues: this module loads with the first
 * toast, while the catalogues' English is in the sign-in page's budget.
 */
const REFERENCE_LABEL: Readonly<Record<string, string>> = { en: 'Reference: ', ms: 'Rujukan: ', zh: '参考号：' };

/** Shows the error toast: `messages` (one line each) and, when given, the request's `reference`. */
export function notifyError(messages: string[], reference?: string | null): void {
  if (messages.length === 0) return;
  const lines =
    messages.length === 1 ? (
      messages[0]
    ) : (
      <ul style={{ margin: 0, paddingInlineStart: 18, textAlign: 'start' }}>
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    );
  const content = reference ? (
    <span>
      {lines}
      <span className="toast-reference" style={{ display: 'block', fontSize: '0.85em', opacity: 0.75, userSelect: 'all' }} data-reference={reference}>
        {(REFERENCE_LABEL[i18n.language] ?? REFERENCE_LABEL.en)!}
        {reference}
      </span>
    </span>
  ) : (
    lines
  );
  // A toast with a reference stays longer: the user may copy it for support.
  (bound ?? staticMessage).error({ content, duration: reference ? 10 : 5 });
}

export function NotifyBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bound = message;
    return () => {
      if (bound === message) bound = null;
    };
  }, [message]);
  return null;
}
