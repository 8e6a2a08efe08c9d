import type { SsoProviderOffer } from '@cairn/contracts';
import type { SignInOutcome } from '../api/login';
import type { LoginStep } from '../utils/login-steps';

/** What every step of the login card can do: move to another step, or follow a sign-in outcome. */
export interface LoginFlow {
  /** The username typed in an earlier step. */
  username: string;
  /** The password typed at sign-in, kept in memory for a forced change or the one-time code. */
  password: string;
  /** What the card says about the last outcome, shown above the step. */
  message: string | undefined;
  /** The identity providers the first step offers ("Sign in with {name}"). */
  ssoProviders: readonly SsoProviderOffer[];
  /** A successful outcome kept for later, when a step must be shown before the app (ChangePasswordDone). */
  pending: SignInOutcome | undefined;
  go(step: LoginStep, options?: { message?: string; pending?: SignInOutcome }): void;
  setUsername(username: string): void;
  /** Follows a sign-in outcome: to the step its status leads to, or into the app on success. */
  follow(outcome: SignInOutcome): Promise<void>;
  /** Starts the session kept in `pending` and leaves the card for the app. */
  complete(): void;
}

export interface StepProps {
  flow: LoginFlow;
}
