/**
 * A real SMTP receiver for tests (smtp-server on a free loopback port): whatever the server under
 * test sends to its SMTP_URL is kept as text per recipient. Shared by the user-management
 * integration suite and the e2e onboarding journey (e2e/onboarding-steps.ts).
 */
import { SMTPServer } from 'smtp-server';

export interface SmtpReceiver {
  /** `smtp://127.0.0.1:<port>`: the SMTP_URL to give the server. */
  url: string;
  /** The text of the newest mail to `to` (any case), quoted-printable joined back; undefined while none has arrived. */
  newestTo(to: string): string | undefined;
  close(): Promise<void>;
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: { to: string; text: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        // Quoted-printable soft breaks and =3D joined back, so a link reads whole.
        const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the SMTP receiver has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    newestTo: (to) => mails.filter((m) => m.to === to.toLowerCase()).at(-1)?.text,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
