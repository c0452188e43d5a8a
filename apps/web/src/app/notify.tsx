/**
 * The toast the API client raises (§8): one error message, several lines as a list. Bound to
 * antd's App context (theme, locale) by <NotifyBridge/>, with the static API before it mounts.
 */
import { useEffect } from 'react';
import { App, message as staticMessage } from 'antd';

type MessageApi = ReturnType<typeof App.useApp>['message'];

let bound: MessageApi | null = null;

export function notifyError(messages: string[]): void {
  if (messages.length === 0) return;
  const content =
    messages.length === 1 ? (
      messages[0]
    ) : (
      <ul style={{ margin: 0, paddingInlineStart: 18, textAlign: 'start' }}>
        {messages.map((m, i) => (
          <li key={i}>{m}</li>
        ))}
      </ul>
    );
  (bound ?? staticMessage).error({ content, duration: 5 });
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
