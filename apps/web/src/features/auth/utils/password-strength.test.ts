import { describe, expect, it } from 'vitest';
import { scorePassword } from './password-strength';

describe('the password-strength scorer', () => {
  it('reads an empty password as empty', () => {
    expect(scorePassword('')).toBe('empty');
  });

  it('rates a password under eight characters fine, the weakest', () => {
    expect(scorePassword('Xk9#q')).toBe('fine');
  });

  it('rates common words, repeats and runs fine whatever their length', () => {
    expect(scorePassword('Password2024!')).toBe('fine');
    expect(scorePassword('aaaaaaaaaaaaaaaaaa')).toBe('fine');
    expect(scorePassword('zx1234567890mq')).toBe('fine');
  });

  it('rates eight mixed characters good', () => {
    expect(scorePassword('tulip7Rg')).toBe('good');
  });

  it('rates eight letters of one kind fine, and twelve of them good', () => {
    expect(scorePassword('tulipwin')).toBe('fine');
    expect(scorePassword('tulipwinterm')).toBe('good');
  });

  it('rates twelve mixed characters strong', () => {
    expect(scorePassword('tulip7Rg-moss')).toBe('strong');
  });

  it('rates a long passphrase with several kinds of characters excellent', () => {
    expect(scorePassword('Granite-harbor-lantern-58')).toBe('excellent');
  });
});
