import { expect, type Page } from '@playwright/test';

/** The login card and its steps, as a person sees them. */
export class LoginPage {
  constructor(readonly page: Page) {}

  card() {
    return this.page.getByTestId('login-card');
  }

  heading(name: string | RegExp) {
    return this.card().getByRole('heading', { name });
  }

  alert() {
    return this.card().getByRole('alert');
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.card().getByLabel('Username').fill(username);
    await this.card().getByLabel('Password', { exact: true }).fill(password);
    // Exact: the card may also offer "Sign in with {identity provider}".
    await this.card().getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async enterVerificationCode(code: string): Promise<void> {
    await expect(this.heading('Two-step verification')).toBeVisible();
    await this.card().getByLabel('Verification code').fill(code);
    await this.card().getByRole('button', { name: 'Verify' }).click();
  }

  /** Fills the new password and its confirmation, then presses the step's button. */
  async chooseNewPassword(password: string, submit: string): Promise<void> {
    await this.card().getByLabel('New password', { exact: true }).fill(password);
    await this.card().getByLabel('Confirm new password').fill(password);
    await this.card().getByRole('button', { name: submit }).click();
  }

  strength() {
    return this.card().getByTestId('password-strength');
  }

  async acceptTerms(): Promise<void> {
    await expect(this.heading('Terms and conditions')).toBeVisible();
    await this.card().getByRole('checkbox').check();
    await this.card().getByRole('button', { name: 'Accept and continue' }).click();
  }

  async requestResetCode(usernameOrEmail: string): Promise<void> {
    await this.card().getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(this.heading('Reset your password')).toBeVisible();
    await this.card().getByLabel('Username or email', { exact: true }).fill(usernameOrEmail);
    await this.card().getByRole('button', { name: 'Send code' }).click();
  }

  async resetWithCode(code: string, newPassword: string): Promise<void> {
    await this.card().getByRole('button', { name: 'Enter the code' }).click();
    await this.card().getByLabel('Code from the email').fill(code);
    await this.chooseNewPassword(newPassword, 'Reset password');
  }
}
