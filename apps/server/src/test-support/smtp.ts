// A real SMTP server in the test process (smtp-server) that keeps every message it receives,
// parsed with mailparser, so tests read what a person's mailbox would get.
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** The next message to `to` that arrives (or has arrived and was not taken yet). */
  next(to: string, boundMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          for (const w of waiters.splice(0)) w();
          done();
        },
        (err) => done(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const addressedTo = (m: ParsedMail, to: string) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) => a.value.some((v) => v.address === to));
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    async next(to, boundMs = 60_000) {
      const end = Date.now() + boundMs;
      for (;;) {
        const mail = received.find((m) => !taken.has(m) && addressedTo(m, to));
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = end - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} arrived`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The sign-in link in a mail's text part. */
export function linkIn(mail: ParsedMail): URL {
  const m = /https?:\/\/\S+\/api\/v1\/auth\/verify\?\S+/.exec(mail.text ?? '');
  if (!m) throw new Error(`no sign-in link in: ${mail.text}`);
  return new URL(m[0]);
}
