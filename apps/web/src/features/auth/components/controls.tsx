import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes } from 'react';

/**
 * The login card's fields and buttons: plain elements styled like antd's large Input and Button.
 * antd's Input brings its form machinery (about 30 KB gzip) and Button its wave and compact-group
 * code (about 17 KB): more than the whole card may add to the 200 KB budget of /login.
 */
export const CONTROLS_CSS = `
.cairn-input { box-sizing: border-box; width: 100%; height: 40px; padding: 0 11px; font: inherit;
  border: 1px solid #d9d9d9; border-radius: 6px; background: #fff; color: rgba(0, 0, 0, 0.88);
  transition: border-color 0.2s, box-shadow 0.2s; }
.cairn-input:hover { border-color: #8470f5; }
.cairn-input:focus { outline: none; border-color: #5944ef; box-shadow: 0 0 0 2px rgba(89, 68, 239, 0.15); }
.cairn-input[aria-invalid='true'] { border-color: #ff4d4f; }
.cairn-password { position: relative; }
.cairn-password .cairn-input { padding-right: 64px; }
.cairn-password button { position: absolute; right: 4px; top: 4px; height: 32px; padding: 0 8px; border: 0;
  background: transparent; color: #5944ef; font: inherit; cursor: pointer; border-radius: 4px; }
.cairn-password button:focus-visible { outline: 2px solid #5944ef; }
.cairn-button { box-sizing: border-box; height: 40px; padding: 0 15px; font: inherit; border-radius: 6px;
  cursor: pointer; border: 1px solid transparent; transition: background 0.2s, color 0.2s; }
.cairn-button:focus-visible { outline: 3px solid rgba(89, 68, 239, 0.35); outline-offset: 1px; }
.cairn-button[data-variant='primary'] { width: 100%; background: #5944ef; color: #fff; box-shadow: 0 2px 0 rgba(89, 68, 239, 0.1); }
.cairn-button[data-variant='primary']:hover:not(:disabled) { background: #7a66f5; }
.cairn-button[data-variant='primary']:disabled { background: #f0f0f0; border-color: #d9d9d9; color: rgba(0, 0, 0, 0.25); cursor: not-allowed; }
.cairn-button[data-variant='primary'][aria-busy='true'] { background: #8c7cf5; color: #fff; cursor: progress; }
.cairn-button[data-variant='link'] { background: transparent; color: #5944ef; height: 32px; justify-self: center; }
.cairn-button[data-variant='link']:hover { color: #7a66f5; }
.cairn-button[data-variant='secondary'] { width: 100%; background: #fff; color: #5944ef; border-color: #5944ef; }
.cairn-button[data-variant='secondary']:hover:not(:disabled) { color: #7a66f5; border-color: #7a66f5; }
.cairn-button[data-variant='secondary'][aria-busy='true'] { cursor: progress; }`;

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & { id: string };

export function TextInput(props: TextInputProps) {
  return <input {...props} type="text" className="cairn-input" />;
}

/** A one-time code: digits only (anything else typed or pasted is dropped), as many as `length`. */
export function CodeInput(props: { id: string; length: number; value: string; onChange: (code: string) => void }) {
  return (
    <TextInput
      id={props.id}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={props.length}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value.replace(/\D/g, ''))}
    />
  );
}

/** A password field with a Show / Hide button. */
export function PasswordInput(props: TextInputProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <div className="cairn-password">
      <input {...props} type={isVisible ? 'text' : 'password'} className="cairn-input" />
      <button
        type="button"
        aria-controls={props.id}
        aria-pressed={isVisible}
        aria-label={isVisible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible(!isVisible)}
      >
        {isVisible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: 'primary' | 'secondary' | 'link';
  /** A call is running: the button says so and cannot be pressed again. */
  isLoading?: boolean;
};

export function Button({ variant = 'primary', isLoading = false, type = 'button', disabled, ...props }: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className="cairn-button"
      data-variant={variant}
      aria-busy={isLoading}
      disabled={disabled === true || isLoading}
    />
  );
}
