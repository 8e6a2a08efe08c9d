export { type AccessTokens, createAccessTokens } from './access-tokens';
export { authRoutes } from './auth.routes';
export { type AuthServiceDeps, checkPassword, checkTotpCode, pendingPasswordStep, startSession } from './auth.service';
export { hashPassword, verifyPassword } from './passwords';
export { DAY_MS, SIGN_IN_POLICY } from './policy';
export { getOrCreateServerSecret } from './server-secrets.repository';
export { endSessions, issueSession, loginTokenClaims } from './sessions';
export { createSessionRevocations, type SessionRevocations } from './session-revocations';
export { clearSignInFailures } from './sign-in-failures.repository';
export { createTotp, matchTotpStep, newTotpSecret } from './totp';
export {
  type NewUser,
  type UserRow,
  countFailedAttempt,
  findUserByUsername,
  findUserInOrganisation,
  insertUser,
  updateUser,
} from './users.repository';
