import { PASSWORD_STRENGTHS, scorePassword, STRENGTH_COLOURS, STRENGTH_LABELS } from '../utils/password-strength';

/** Four bars filled up to the password's strength, in the spec's strength colours, with its name. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = scorePassword(password);
  const level = PASSWORD_STRENGTHS.indexOf(strength);
  return (
    <div data-testid="password-strength" data-strength={strength} style={{ display: 'grid', gap: 4 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 4 }} aria-hidden>
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            style={{
              height: 4,
              borderRadius: 2,
              background: bar <= level ? STRENGTH_COLOURS[strength] : STRENGTH_COLOURS.empty,
            }}
          />
        ))}
      </div>
      <span style={{ fontSize: 12, color: 'rgba(0, 0, 0, 0.65)' }}>Password strength: {STRENGTH_LABELS[strength]}</span>
    </div>
  );
}
