import type { SsoProviderOffer } from '@cairn/contracts';
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType } from 'react';
import { sessionStore, startSession, useSession } from '../../../lib/session';
import type { SignInOutcome } from '../api/login';
import { fetchUserMetadata } from '../api/terms';
import { messageForStatus, stepForStatus, type LoginStep } from '../utils/login-steps';
import type { LoginFlow, StepProps } from './flow';
import { PasswordLogin } from './password-login';

// The first step loads with the page; the others are rare and each loads when it is reached.
const notices = () => import('./notice-steps');
const STEPS: Record<LoginStep, ComponentType<StepProps>> = {
  PasswordLogin,
  ChangePasswordAlert: lazy(() => import('./change-password-alert')),
  ChangePassword: lazy(() => import('./change-password')),
  ChangePasswordDone: lazy(() => notices().then((module) => ({ default: module.ChangePasswordDone }))),
  RecoverPasswordSetEmail: lazy(() => import('./recover-password-set-email')),
  RecoverPasswordSetEmailDone: lazy(() =>
    notices().then((module) => ({ default: module.RecoverPasswordSetEmailDone })),
  ),
  PasswordResetForOldPassword: lazy(() => import('./password-reset-for-old-password')),
  RecoverPassword: lazy(() => import('./recover-password')),
  RecoverPasswordDone: lazy(() => notices().then((module) => ({ default: module.RecoverPasswordDone }))),
  TwoStepVerification: lazy(() => import('./two-step-verification')),
  ReadTermsAndConditions: lazy(() => import('./read-terms-and-conditions')),
  InitializePassword: lazy(() => import('./initialize-password')),
  LockedAccount: lazy(() => import('./locked-account')),
};

const NO_PROVIDERS: readonly SsoProviderOffer[] = [];

export interface LoginFlowProps {
  initialStep?: LoginStep;
  /** What the card says on its first step (an SSO sign-in that failed). */
  initialMessage?: string;
  /** The identity providers the first step offers ("Sign in with {name}"); none unless given. */
  ssoProviders?: readonly SsoProviderOffer[];
  /** The user is signed in and has nothing left to do on the card. */
  onComplete?: () => void;
  /** Where warnings go (the app's logger). */
  warn: (message: string) => void;
}

/**
 * The login card's steps (spec §2). Each sign-in status leads to its step; after a successful
 * sign-in the terms are shown once if the user has not accepted them yet.
 */
export function LoginCardSteps({
  initialStep = 'PasswordLogin',
  initialMessage,
  ssoProviders = NO_PROVIDERS,
  onComplete,
  warn,
}: LoginFlowProps) {
  const { values } = useSession();
  const [step, setStep] = useState<LoginStep>(initialStep);
  const [username, setUsername] = useState('');
  const [message, setMessage] = useState(initialMessage);
  const [pending, setPending] = useState<SignInOutcome>();

  const go = useCallback<LoginFlow['go']>((next, options) => {
    setMessage(options?.message);
    setPending(options?.pending);
    setStep(next);
  }, []);

  const finish = useCallback(
    (outcome: SignInOutcome | undefined) => {
      if (!outcome?.token) return go('PasswordLogin', { message: messageForStatus('failure') });
      startSession(outcome.token, outcome.refreshToken, warn);
      onComplete?.();
    },
    [go, onComplete, warn],
  );

  const follow = useCallback(
    async (outcome: SignInOutcome) => {
      const next = stepForStatus(outcome.status);
      if (next) return go(next, { message: outcome.message ?? messageForStatus(outcome.status, outcome.lockedUntil) });
      if (!outcome.token) return go('PasswordLogin', { message: messageForStatus('failure') });
      // The token authenticates the terms calls, but the session starts (and is stored, so that a
      // reload cannot skip the terms) only once they are settled.
      sessionStore.setState({ token: outcome.token, isSAML: false });
      if (await needsTerms(warn)) return go('ReadTermsAndConditions', { pending: outcome });
      finish(outcome);
    },
    [go, finish, warn],
  );

  const flow = useMemo<LoginFlow>(
    () => ({
      username,
      password: values.password,
      message,
      pending,
      ssoProviders,
      go,
      setUsername,
      follow,
      complete: () => finish(pending),
    }),
    [username, values.password, message, pending, ssoProviders, go, follow, finish],
  );
  const Step = STEPS[step];
  return (
    <Suspense fallback={null}>
      <Step key={step} flow={flow} />
    </Suspense>
  );
}

/** Whether the terms still wait for acceptance. If the metadata cannot be read, sign-in goes on. */
async function needsTerms(warn: (message: string) => void): Promise<boolean> {
  try {
    return !(await fetchUserMetadata()).termsAccepted;
  } catch {
    warn('The user metadata could not be read after sign-in');
    return false;
  }
}
