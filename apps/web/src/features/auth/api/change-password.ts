import { changePassword as changePasswordEndpoint } from '@cairn/contracts';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-error';
import { sessionStore } from '../../../lib/session';
import { statusOfError, type SignInOutcome } from './login';

/** Spec §5: a server-provided password-change error message defaults to this. */
export const CHANGE_PASSWORD_ERROR = 'Error changing password';

export interface ChangePasswordInput {
  username: string;
  oldPassword: string;
  newPassword: string;
}

export type ChangePasswordOutcome = SignInOutcome & { errorMessage?: string };

/**
 * Changes the password with the current one (a forced change after first login or 180 days, or a
 * voluntary one). Success signs in, or asks for the one-time code when TOTP is enrolled.
 */
export async function changePassword(input: ChangePasswordInput): Promise<ChangePasswordOutcome> {
  sessionStore.setState({ inProgress: true });
  try {
    const { result } = await api.call(changePasswordEndpoint, input);
    sessionStore.setState({
      inProgress: false,
      status: result.status,
      values: { email: input.username, password: result.status === 'success' ? '' : input.newPassword },
    });
    return result;
  } catch (error) {
    sessionStore.setState({ inProgress: false });
    const errorMessage = (error instanceof ApiError && error.serverMessage) || CHANGE_PASSWORD_ERROR;
    return { status: statusOfError(error), errorMessage };
  }
}
