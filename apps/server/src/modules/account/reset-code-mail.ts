import type { MailMessage } from '../../integrations/smtp/mailer';

export interface ResetCodeMailInput {
  to: string;
  code: string;
  expiresAt: Date;
  validMinutes: number;
  /** The password is older than 180 days (spec `is180DaysReset`) rather than forgotten. */
  is180DaysReset: boolean;
}

/**
 * The recovery mail: the code and its expiry, nothing else about the person (no name, no username),
 * in plain text and HTML.
 */
export function resetCodeMail(input: ResetCodeMailInput): MailMessage {
  const expiry = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const reason = input.is180DaysReset
    ? 'Your Cairn password is more than 180 days old. Use this code to choose a new one:'
    : 'Someone asked to reset your Cairn password. Use this code to choose a new one:';
  const validity = `The code expires in ${input.validMinutes} minutes (at ${expiry}) and works once.`;
  const ignore = 'If you did not ask for it, ignore this mail: your password stays as it is.';
  return {
    to: input.to,
    subject: input.is180DaysReset ? 'Your Cairn password has expired' : 'Your Cairn password reset code',
    text: [reason, '', `    ${input.code}`, '', validity, ignore, ''].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: Inter, Arial, sans-serif; font-size: 14px">',
      `<p>${escapeHtml(reason)}</p>`,
      `<p style="font-size: 24px; font-weight: 600; letter-spacing: 4px">${escapeHtml(input.code)}</p>`,
      `<p>${escapeHtml(validity)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
