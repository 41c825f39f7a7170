import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  /** Envelope recipients (RCPT TO). */
  to: string[];
  headers: Map<string, string>;
  subject: string;
  /** The decoded text/plain part. */
  text: string;
  /** The decoded text/html part. */
  html: string;
}

export interface SmtpInbox {
  port: number;
  url: string;
  messages: ReceivedEmail[];
  /** While true every message is refused with 550 at RCPT TO (for good). */
  refuse: boolean;
  /** While true every message is refused with 451 at RCPT TO (try again later). */
  deferring: boolean;
  /** Recipients refused so far, with 550 or 451. */
  refused: string[];
  /** Polls the received messages until `match` finds some or the deadline passes (then throws). */
  waitFor(match: (message: ReceivedEmail) => boolean, timeoutMs?: number): Promise<ReceivedEmail[]>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on a loopback port (`port`, else a free one) that keeps what it receives (no TLS,
 * any or no login).
 */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const inbox: SmtpInbox = {
    port: 0,
    url: '',
    messages: [],
    refuse: false,
    deferring: false,
    refused: [],
    waitFor: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.messages.filter(match);
        if (found.length > 0) return found;
        if (Date.now() > deadline) throw new Error(`no matching email within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!inbox.refuse && !inbox.deferring) return callback();
      inbox.refused.push(address.address);
      const [responseCode, text] = inbox.refuse ? [550, 'Mailbox unavailable'] : [451, 'Try again later'];
      callback(Object.assign(new Error(text), { responseCode }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((address) => address.address);
        inbox.messages.push(parseEmail(to, Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  inbox.port = typeof address === 'object' && address ? address.port : 0;
  inbox.url = `smtp://127.0.0.1:${inbox.port}`;
  return inbox;
}

/**
 * A notification email to this address; account emails (the confirmation link every sign-up is mailed,
 * reset links) are left out, since they are not notifications.
 */
export function notificationTo(email: string): (message: ReceivedEmail) => boolean {
  return (message) =>
    message.to.includes(email) &&
    !message.text.includes('/verify-email?token=') &&
    !message.text.includes('/reset-password?token=');
}

/** A loopback port nothing listens on: an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

/** Just enough MIME for what nodemailer writes: headers, and the text and HTML parts (7bit, QP or base64). */
function parseEmail(to: string[], raw: string): ReceivedEmail {
  const [head = '', body = ''] = splitOnce(raw, /\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const parts = new Map<string, string>();
  const boundary = /boundary="?([^";\s]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  for (const section of sections) {
    const [partHead = '', partBody = ''] = splitOnce(section.replace(/^\r?\n/, ''), /\r?\n\r?\n/);
    const partHeaders = parseHeaders(partHead);
    const type = (partHeaders.get('content-type') ?? 'text/plain').split(';')[0]?.trim() ?? '';
    parts.set(type, decode(partBody, partHeaders.get('content-transfer-encoding') ?? '7bit'));
  }
  return {
    to,
    headers,
    subject: headers.get('subject') ?? '',
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
  };
}

function splitOnce(text: string, separator: RegExp): [string, string] {
  const match = separator.exec(text);
  return match ? [text.slice(0, match.index), text.slice(match.index + match[0].length)] : [text, ''];
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decode(body: string, encoding: string): string {
  const content = body.replace(/\r?\n$/, '');
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(content, 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = content
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return content;
  }
}
