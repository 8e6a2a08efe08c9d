import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  /** The message as received, MIME and all. */
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, for searching. */
  decoded: string;
}

export interface TestSmtpServer {
  /** `smtp://user:pass@127.0.0.1:port`, ready for CAIRN_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next mail for this address, or an error after the timeout. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const USER = 'cairn';
const PASSWORD = 'smtp-test-password';

/**
 * A real SMTP server on a free local port, for tests: it requires the credentials of its URL and keeps
 * every message it accepts. STARTTLS is off (its certificate would be self-signed).
 */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          decoded: raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        };
        received.push(mail);
        for (const waiter of waiters.filter((candidate) => mail.to.includes(candidate.to))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const seen = new Map<string, number>();
  return {
    url: `smtp://${USER}:${PASSWORD}@127.0.0.1:${port}`,
    received,
    waitForMail(to, timeoutMs = 10_000) {
      const alreadySeen = seen.get(to) ?? 0;
      const pending = received.filter((mail) => mail.to.includes(to));
      seen.set(to, alreadySeen + 1);
      const next = pending[alreadySeen];
      if (next) return Promise.resolve(next);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail for ${to} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
