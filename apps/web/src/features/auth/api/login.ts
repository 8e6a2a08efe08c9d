import { login as loginEndpoint, type LoginResult, type SignInStatus } from '@cairn/contracts';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session';

export interface LoginInput {
  username: string;
  password: string;
  totpCode?: string;
}

/** What a sign-in call answered, with the tokens kept aside until the caller starts the session. */
export type SignInOutcome = Pick<LoginResult, 'status' | 'token' | 'refreshToken' | 'lockedUntil'> & {
  /** A more precise reason than the status gives (too many attempts from this address). */
  message?: string;
};

/** The server's per-address limit on sign-in attempts was reached (429). */
export const RATE_LIMITED_MESSAGE = 'Too many sign-in attempts from this computer. Wait a minute and try again.';

/**
 * The status a failed call stands for (spec §4 "Login attempt"): the server unreachable or failing
 * (5xx, network, timeout) is a general error; anything else is a failure.
 */
export function statusOfError(error: unknown): SignInStatus {
  if (!(error instanceof ApiError)) return 'failure';
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return 'generalError';
  if (error.status !== undefined && error.status >= 500) return 'generalError';
  return 'failure';
}

/**
 * A login attempt: `inProgress` while the call runs, then the status the server answered. The
 * username and password are kept in the store's `values` (memory only) for the steps that follow,
 * such as the one-time code or a forced password change.
 */
export async function attemptLogin(input: LoginInput): Promise<SignInOutcome> {
  sessionStore.setState({ inProgress: true, values: { email: input.username, password: input.password } });
  try {
    const { result } = await api.call(loginEndpoint, input);
    settle(result.status, input.username);
    return result;
  } catch (error) {
    const status = statusOfError(error);
    settle(status, input.username);
    const isRateLimited = error instanceof ApiError && error.code === 'RATE_LIMITED';
    return isRateLimited ? { status, message: RATE_LIMITED_MESSAGE } : { status };
  }
}

/** Statuses whose next step needs the password just typed: the one-time code, or a forced change. */
const KEEPS_PASSWORD: SignInStatus[] = ['totpRequired', 'totpFailure', 'firstLoginPasswordChange', 'oldPassword'];

function settle(status: SignInStatus, username: string): void {
  const password = KEEPS_PASSWORD.includes(status) ? sessionStore.getState().values.password : '';
  sessionStore.setState({ inProgress: false, status, values: { email: username, password } });
}
