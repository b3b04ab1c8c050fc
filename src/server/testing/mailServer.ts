import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One received e-mail, read enough for a test: headers, the text and HTML parts. */
export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  /** Header values by lower-case name (unfolded; the first of a repeated header). */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on loopback (the smtp-server package) that keeps every message, for tests
 * of what the server mails: plain SMTP, no STARTTLS, no authentication asked.
 */
export class MailServer {
  readonly mails: ReceivedMail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        this.mails.push({ to, ...readMessage(Buffer.concat(chunks).toString('utf8')) });
        callback();
      });
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    return `smtp://127.0.0.1:${port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }
}

function splitHeaders(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return { headers, body: end === -1 ? '' : raw.slice(end + 4) };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8');
    default:
      return body;
  }
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and ?B?), as a subject may come. */
const decodeWords = (value: string): string =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, how: string, text: string) =>
    how.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );

function readMessage(raw: string): Omit<ReceivedMail, 'to'> {
  const { headers, body } = splitHeaders(raw);
  const parts = { text: '', html: '' };
  const read = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const section of b.split(`--${boundary}`).slice(1)) {
        if (section.startsWith('--')) break;
        const part = splitHeaders(section.replace(/^\r\n/, ''));
        read(part.headers, part.body.replace(/\r\n$/, ''));
      }
      return;
    }
    const decoded = decodeBody(b, h['content-transfer-encoding']).replace(/\r\n/g, '\n');
    if (type.toLowerCase().startsWith('text/html')) parts.html = decoded;
    else parts.text = decoded;
  };
  read(headers, body);
  return { headers, subject: decodeWords(headers.subject ?? ''), ...parts };
}
