/**
 * The password rules (document 2 section 5): 8 to 100 characters, upper, lower, digit, special, with
 * the spec's messages. One list for both sides: domains/auth/schemas.ts builds the server's zod schema
 * from it, and the password islands check it in plain code (no zod in the browser, decision 0038).
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;

/** The character rules after the length bounds, in the order their messages show. */
export const PASSWORD_PATTERNS: readonly { pattern: RegExp; message: string }[] = [
  { pattern: /[A-Z]/, message: "Password must contain at least one uppercase letter" },
  { pattern: /[a-z]/, message: "Password must contain at least one lowercase letter" },
  { pattern: /[0-9]/, message: "Password must contain at least one number" },
  { pattern: /[^A-Za-z0-9]/, message: "Password must contain at least one special character" },
];

/** Every rule `value` breaks, in the schema's order (the same messages the server's parse gives). */
export function unmetPasswordRules(value: string): string[] {
  const unmet: string[] = [];
  if (value.length < PASSWORD_MIN) unmet.push(PASSWORD_TOO_SHORT);
  if (value.length > PASSWORD_MAX) unmet.push(PASSWORD_TOO_LONG);
  for (const { pattern, message } of PASSWORD_PATTERNS) if (!pattern.test(value)) unmet.push(message);
  return unmet;
}
