import { confirmPasswordReset, userResetPasswordAttempt } from '@cairn/contracts';
import { api } from '../../../lib/api';

export interface ResetRequestInput {
  username: string;
  /** The reset follows a password older than 180 days (spec §7 `is180DaysReset`). */
  is180DaysReset?: boolean;
}

/** Asks for a one-time code by email. The answer is the same whether the account exists or not. */
export async function requestPasswordReset(input: ResetRequestInput): Promise<void> {
  await api.call(userResetPasswordAttempt, { username: input.username, is180DaysReset: input.is180DaysReset ?? false });
}

export interface ResetConfirmInput {
  username: string;
  code: string;
  newPassword: string;
}

/** Sets a new password with the emailed code. */
export async function confirmReset(input: ResetConfirmInput): Promise<void> {
  await api.call(confirmPasswordReset, input);
}
