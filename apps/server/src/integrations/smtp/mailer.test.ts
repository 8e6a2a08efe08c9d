import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

const message = {
  to: 'ada@clinic.test',
  subject: 'Your Cairn password reset code',
  text: 'Your code:\n\n    12345678\n',
  html: '<p>Your code: <b>12345678</b></p>',
};

describe('createMailer', () => {
  it('sends over SMTP with the configured sender, signing in with the credentials of the URL', async () => {
    const { logger } = capturingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Cairn <cairn@clinic.test>', logger });
    await mailer.send(message);
    const mail = await smtp.waitForMail('ada@clinic.test');
    expect(mail.from).toBe('cairn@clinic.test');
    expect(mail.decoded).toContain('12345678');
    await mailer.close();
  });

  it('logs a mail it could not send in the background, without its content, and close waits for it', async () => {
    const { logger, lines } = capturingLogger();
    const wrongPassword = smtp.url.replace(/:[^:@]+@/, ':not-the-password@');
    const mailer = createMailer({ smtpUrl: wrongPassword, from: 'Cairn <cairn@clinic.test>', logger });
    mailer.sendInBackground({ ...message, to: 'grace@clinic.test' });
    await mailer.close();
    const failure = lines.find((line) => line.msg === 'mail not sent');
    expect(failure).toBeDefined();
    expect(JSON.stringify(lines)).not.toContain('12345678');
    expect(smtp.received.some((mail) => mail.to.includes('grace@clinic.test'))).toBe(false);
  });

  it('writes the mail to the log when no SMTP server is configured', async () => {
    const { logger, lines } = capturingLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'Cairn <cairn@clinic.test>', logger });
    mailer.sendInBackground(message);
    await mailer.close();
    expect(lines[0]?.mail).toEqual({ to: message.to, subject: message.subject, text: message.text });
  });
});
