/** The strength colour names of spec §5, weakest first after `empty`. */
export const PASSWORD_STRENGTHS = ['empty', 'fine', 'good', 'strong', 'excellent'] as const;
export type PasswordStrength = (typeof PASSWORD_STRENGTHS)[number];

export const STRENGTH_COLOURS: Record<PasswordStrength, string> = {
  empty: '#e4e4ee',
  fine: '#f5222d',
  good: '#fa8c16',
  strong: '#52c41a',
  excellent: '#237804',
};

export const STRENGTH_LABELS: Record<PasswordStrength, string> = {
  empty: 'Enter a password',
  fine: 'Fine',
  good: 'Good',
  strong: 'Strong',
  excellent: 'Excellent',
};

/** The server refuses shorter passwords (NIST SP 800-63B minimum). */
export const MIN_PASSWORD_LENGTH = 8;

// Among the most common leaked passwords and keyboard walks: guessed first by any attacker.
const COMMON = ['password', 'passw0rd', 'qwerty', 'azerty', 'letmein', 'welcome', 'iloveyou', 'admin', 'cairn'];

/**
 * A small estimate of how hard a password is to guess, in the spirit of NIST SP 800-63B: length
 * counts most; mixing kinds of characters helps a little; common words, repeats and runs such as
 * '1234' or 'abcd' make a password weak whatever its length.
 */
export function scorePassword(password: string): PasswordStrength {
  if (password.length === 0) return 'empty';
  if (password.length < MIN_PASSWORD_LENGTH) return 'fine';
  const lower = password.toLowerCase();
  if (COMMON.some((word) => lower.includes(word)) || new Set(lower).size < 5 || hasLongRun(lower)) return 'fine';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((kind) => kind.test(password)).length;
  let score = 1;
  if (password.length >= 12) score += 1;
  if (password.length >= 16) score += 1;
  if (kinds >= 3) score += 1;
  if (kinds === 1 && password.length < 12) score -= 1;
  return PASSWORD_STRENGTHS[Math.min(Math.max(score, 1), 4)] ?? 'fine';
}

/** Four or more characters in a row that repeat or count up or down ('aaaa', '1234', 'dcba'). */
function hasLongRun(text: string): boolean {
  let run = 1;
  let step = 0;
  for (let index = 1; index < text.length; index += 1) {
    const difference = text.charCodeAt(index) - text.charCodeAt(index - 1);
    const isRun = Math.abs(difference) <= 1 && (run === 1 || difference === step);
    run = isRun ? run + 1 : 1;
    step = difference;
    if (run >= 4) return true;
  }
  return false;
}
