// Outgoing system mail (sign-in links, notices to the owner): over SMTP when SMTP_URL is set,
// otherwise each message is written as an RFC 822 file `$DATA_DIR/outbox/<time>-<id>.eml`, so a
// fresh machine can sign in without a mail server (decisions §16). Letters sent from a person's
// own mailbox are another matter (mail/): this is the service's own voice.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Content-Language of the message. */
  lang?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file, when the outbox took the message. */
  file?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; unset: the outbox folder. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl ? smtpMailer(opts.smtpUrl, opts.from) : outboxMailer(opts.outboxDir, opts.from);
}

function message(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.lang ? { headers: { 'Content-Language': mail.lang } } : {}),
  };
}

function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: string, from: string): Mailer {
  // nodemailer builds the whole MIME message; the stream transport hands it back as bytes.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    async send(mail) {
      const info = await transport.sendMail(message(from, mail));
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      // Written beside, then renamed: a reader of the outbox never sees half a message.
      writeFileSync(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      renameSync(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
  };
}
