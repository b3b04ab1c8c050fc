import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import { conflict } from '../../platform/errors';

/** One e-mail: a plain-text part and an HTML part of the same words. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe's URL, which also takes RFC 8058's one-click POST. */
  unsubscribeUrl?: string;
}

type Transport = ReturnType<typeof nodemailer.createTransport>;

/** One pooled SMTP transport per server (its config), made when the first mail goes out. */
const transports = new WeakMap<Config, Transport>();

/**
 * Sends a mail through SMTP_URL (DESIGN.md section 12). The pool keeps up to two connections
 * open between mails of one digest run; timeouts keep a dead relay from holding a request (a
 * confirmation) or a sweep for minutes.
 */
export async function sendMail(config: Config, mail: Mail): Promise<void> {
  if (!config.smtpUrl) throw mailOff();
  let transport = transports.get(config);
  if (!transport) {
    transport = nodemailer.createTransport(
      {
        url: config.smtpUrl,
        pool: true,
        maxConnections: 2,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      },
      { from: config.mailFrom },
    );
    transports.set(config, transport);
  }
  await transport.sendMail({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.unsubscribeUrl
      ? {
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  });
}

/** The server stops: the pool's connections close. */
export function closeMail(config: Config): void {
  transports.get(config)?.close();
  transports.delete(config);
}

/** What a player hears when this site has no SMTP_URL. */
export const mailOff = () =>
  conflict(
    'E-mail is not set up on this site: its operator has not configured an outgoing mail server (SMTP_URL)',
  );

/** Text for an HTML part. */
export const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The frame every mail's HTML part has: plain, readable without images or styles. */
export const htmlPage = (body: string): string =>
  `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1e293b">${body}</body></html>`;
