/** Spec section 9: the meter's length steps. */
const PASSWORD_MEDIUM_LENGTH = 8;
const PASSWORD_STRONG_LENGTH = 12;

export type PasswordStrength = 'weak' | 'medium' | 'strong';

/** Advisory meter from spec section 5; the server enforces only PASSWORD_MIN/MAX. */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < PASSWORD_MEDIUM_LENGTH) return 'weak';
  const strong =
    password.length >= PASSWORD_STRONG_LENGTH &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return strong ? 'strong' : 'medium';
}
