import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Cairn's outgoing mail: over SMTP when configured, otherwise written to the server log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait: a password-reset answer must not take longer, or fail,
   * depending on whether a mail went out (that would tell whether the account exists). A failure is
   * logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Waits for mail still in flight, then closes the SMTP connections. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:port` or `smtps://…`; absent writes each mail to the log (embedded default). */
  smtpUrl: string | undefined;
  from: string;
  logger: FastifyBaseLogger;
}

export function createMailer(options: MailerOptions): Mailer {
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl, options.from) : logDelivery(options.logger);
  const inFlight = new Set<Promise<void>>();
  return {
    send: (message) => deliver.send(message),
    sendInBackground(message) {
      const sending = deliver.send(message).catch((error: unknown) => {
        // The SMTP error names the server's answer, never the message body (which holds the code).
        options.logger.error(
          { err: { message: error instanceof Error ? error.message : String(error) } },
          'mail not sent',
        );
      });
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      deliver.close();
    },
  };
}

interface Delivery {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function smtpDelivery(smtpUrl: string, from: string): Delivery {
  const transport = nodemailer.createTransport(
    { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
    { from },
  );
  return {
    async send(message) {
      await transport.sendMail(message);
    },
    close: () => transport.close(),
  };
}

/**
 * The embedded default: no mail server is needed to finish a password recovery on one's own machine,
 * so the mail, code included, goes to the server log. Configure CAIRN_SMTP_URL anywhere real.
 */
function logDelivery(logger: FastifyBaseLogger): Delivery {
  return {
    send(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject, text: message.text } },
        'mail written to the log instead of sent (CAIRN_SMTP_URL is not set)',
      );
      return Promise.resolve();
    },
    close: () => undefined,
  };
}
