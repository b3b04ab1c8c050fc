import { describe, expect, it } from 'vitest';
import { passwordStrength } from './passwordStrength';

describe('passwordStrength', () => {
  it.each([
    ['', 'weak'],
    ['a', 'weak'],
    ['Ab1!xyz', 'weak'], // 7 characters, however varied
    ['abcdefgh', 'medium'], // exactly 8
    ['Ab1!Ab1!', 'medium'], // 8 with every class is still not 12
    ['Abcdefghij1!', 'strong'], // exactly 12 with upper, digit, symbol
    ['Correct-Horse-Battery-9', 'strong'],
    ['Abcdefghijk1', 'medium'], // 12 without a symbol
    ['abcdefghij1!', 'medium'], // 12 without an uppercase letter
    ['Abcdefghijk!', 'medium'], // 12 without a digit
    ['ABCDEFGHIJ1 ', 'strong'], // a space counts as a symbol
    ['abcdefghijklmnopqrstuvwxyz', 'medium'],
  ])('%j is %s', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });

  it('grows monotonically as a strong password gets longer', () => {
    let password = 'Aa1!';
    const seen: string[] = [];
    while (password.length < 14) {
      seen.push(passwordStrength(password));
      password += 'x';
    }
    expect(seen).toEqual([
      'weak',
      'weak',
      'weak',
      'weak',
      'medium',
      'medium',
      'medium',
      'medium',
      'strong',
      'strong',
    ]);
  });
});
