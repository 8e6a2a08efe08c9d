import type { MailMessage } from '../../integrations/smtp/mailer';

export interface InvitationMailInput {
  to: string;
  firstName: string;
  username: string;
  organisationName: string;
  link: string;
  expiresAt: Date;
}

/** The invitation: who invites, the username, the link and when it expires, in plain text and HTML. */
export function invitationMail(input: InvitationMailInput): MailMessage {
  const expiry = `${input.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const invited = `${input.organisationName} invites you to Cairn. Your username is ${input.username}.`;
  const action = 'Choose your password with this link:';
  const validity = `The link works once and expires at ${expiry}. If it has expired, ask your administrator for a new one.`;
  return {
    to: input.to,
    subject: `Your Cairn account at ${input.organisationName}`,
    text: [greeting, '', invited, action, '', `    ${input.link}`, '', validity, ''].join('\n'),
    html: [
      '<!doctype html><html><body style="font-family: Inter, Arial, sans-serif; font-size: 14px">',
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(invited)}</p>`,
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(action.replace(/:$/, ''))}</a></p>`,
      `<p>${escapeHtml(validity)}</p>`,
      '</body></html>',
    ].join('\n'),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${String(character.charCodeAt(0))};`);
}
