import {
  acceptTerms as acceptTermsEndpoint,
  changePassword as changePasswordEndpoint,
  confirmPasswordReset as confirmPasswordResetEndpoint,
  confirmTotpEnrollment as confirmTotpEnrollmentEndpoint,
  disableTotp as disableTotpEndpoint,
  startTotpEnrollment as startTotpEnrollmentEndpoint,
  userResetPasswordAttempt,
} from '@cairn/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/env';
import { createMailer } from '../../integrations/smtp/mailer';
import { route } from '../../lib/route';
import { acceptTerms, changePassword } from './account.service';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.service';
import { confirmTotpEnrollment, disableTotp, startTotpEnrollment } from './totp-enrollment.service';

/** The user's own account: password change and recovery, TOTP enrollment, terms acceptance. */
export function accountRoutes(app: FastifyInstance, config: Pick<Config, 'smtpUrl' | 'mailFrom'>): void {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log });
  app.addHook('onClose', () => mailer.close());
  const deps = () => ({ db: app.database.db, accessTokens: app.accessTokens, mailer });

  route(app, changePasswordEndpoint, async ({ body, request }) => ({
    result: await changePassword(deps(), { ...body, clientAddress: request.ip }),
  }));
  route(app, userResetPasswordAttempt, async ({ body, request }) => ({
    result: await requestPasswordReset(deps(), { ...body, clientAddress: request.ip }),
  }));
  route(app, confirmPasswordResetEndpoint, async ({ body, request }) => ({
    result: await confirmPasswordReset(deps(), { ...body, clientAddress: request.ip }),
  }));
  route(app, acceptTermsEndpoint, async ({ auth, request }) => ({
    result: await acceptTerms(deps(), auth, request.ip),
  }));
  route(app, startTotpEnrollmentEndpoint, async ({ auth, body, request }) => ({
    result: await startTotpEnrollment(deps(), auth, { password: body.password, clientAddress: request.ip }),
  }));
  route(app, confirmTotpEnrollmentEndpoint, async ({ body, auth, request }) => ({
    result: await confirmTotpEnrollment(deps(), auth, { ...body, clientAddress: request.ip }),
  }));
  route(app, disableTotpEndpoint, async ({ body, auth, request }) => ({
    result: await disableTotp(deps(), auth, { ...body, clientAddress: request.ip }),
  }));
}
