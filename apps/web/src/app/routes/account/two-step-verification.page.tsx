import { TwoStepSetup } from '../../../features/account/components/two-step-setup';

/** /account/two-step-verification: turn TOTP on or off for the signed-in user. */
export default function TwoStepVerificationPage() {
  return <TwoStepSetup />;
}
