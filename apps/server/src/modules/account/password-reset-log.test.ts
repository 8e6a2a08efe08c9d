import { confirmPasswordReset, userResetPasswordAttempt } from '@cairn/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn } from '../../testing/api';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { createOrganisation, createUser } from '../../testing/factories';

let test: TestApp;
let organisationId: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  // No CAIRN_SMTP_URL: the embedded default.
  test = await buildTestApp({
    logger: {
      level: 'info',
      stream: { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) },
    },
  });
  organisationId = (await createOrganisation(test.app.database.db)).id;
});
afterAll(async () => {
  await test.app.close();
});

interface LoggedMail {
  to: string;
  subject: string;
  text: string;
}

async function loggedMailTo(email: string): Promise<LoggedMail> {
  for (let wait = 0; wait < 50; wait += 1) {
    const line = logLines.find((entry) => (entry.mail as LoggedMail | undefined)?.to === email);
    if (line) return line.mail as LoggedMail;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no mail to ${email} in the log`);
}

describe('password recovery without an SMTP server', () => {
  it('writes the mail with its code to the server log, so that a newcomer can finish the flow', async () => {
    const user = await createUser(test.app.database.db, { organisationId });
    const request = await call(test.app, userResetPasswordAttempt, { body: { username: user.username } });
    expect(request.json()).toEqual({ result: true });

    const mail = await loggedMailTo(user.email);
    expect(mail.subject).toBe('Your Cairn password reset code');
    const code = /^ {4}(\d{8})$/m.exec(mail.text)?.[1] ?? '';
    const confirm = await call(test.app, confirmPasswordReset, {
      body: { username: user.username, code, newPassword: 'found it in the log' },
    });
    expect(confirm.json()).toEqual({ result: { status: 'success' } });
    const login = await signIn(test.app, { username: user.username, password: 'found it in the log' });
    expect(login.status).toBe('success');
    expect(JSON.stringify(logLines)).not.toContain('found it in the log');
  });
});
