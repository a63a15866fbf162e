/**
 * Account settings shapes: profile, password change and account deletion. The API and the
 * server-rendered forms apply the same schemas, with the spec's messages where it has them.
 */
import { z } from "zod";
import { authSchemas } from "../auth/mod.ts";

/** Names are optional on an account: blank becomes null. */
function optionalName(label: string) {
  return z.string().trim().max(50, `${label} must be at most 50 characters`).optional().nullable()
    .transform((v) => (v ? v : null));
}

export const PHONE_MESSAGE = "Please enter a valid phone number";

/**
 * Optional phone (document 2 section 5): 10 to 20 characters of digits, spaces, hyphens and
 * parentheses, with an optional leading plus. Blank becomes null.
 */
export const phone = z.string({ error: PHONE_MESSAGE }).trim().optional().nullable()
  .transform((v) => (v ? v : null))
  .pipe(
    z.string().min(10, PHONE_MESSAGE).max(20, PHONE_MESSAGE).regex(/^\+?[0-9\s()-]+$/, PHONE_MESSAGE)
      .refine((v) => /[0-9]/.test(v), PHONE_MESSAGE).nullable(),
  );

export const VAT_NUMBER_MESSAGE = "VAT number must be 10 digits starting with 4";

/**
 * The customer's own VAT registration number (a South African one: 10 digits starting with 4),
 * printed on their tax invoices. Blank clears it; absent (an older client) leaves it as it is.
 */
export const vatNumber = z.string({ error: VAT_NUMBER_MESSAGE }).trim().nullable().optional()
  .transform((v) => (v === undefined ? undefined : v ? v.replace(/\s/g, "") : null))
  .pipe(z.string().regex(/^4\d{9}$/, VAT_NUMBER_MESSAGE).nullable().optional());

/** A checkbox or JSON boolean: true, "true" or "on" mean yes. */
const checkbox = z.union([z.boolean(), z.enum(["on", "true", "false"])]).optional()
  .transform((v) => v === true || v === "on" || v === "true");

export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";
/** A new e-mail address needs the current password (it is where password resets will go). */
export const EMAIL_CHANGE_NEEDS_PASSWORD = "Please enter your current password to change your e-mail address";

export const profileBody = z.object({
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
  email: authSchemas.email,
  phone,
  vatNumber,
  /** Needed only when the e-mail changes; blank means not given. */
  currentPassword: z.string({ error: CURRENT_PASSWORD_WRONG }).max(200, CURRENT_PASSWORD_WRONG).optional()
    .transform((v) => (v ? v : undefined)),
}).strict();

export const PASSWORD_WRONG = "Password is incorrect";
export const CONFIRM_DELETE_MESSAGE = "Please confirm that you understand this cannot be undone";

export const passwordBody = z.object({
  currentPassword: z.string({ error: "Current password is required" }).min(1, "Current password is required")
    .max(200, CURRENT_PASSWORD_WRONG),
  newPassword: authSchemas.password,
  confirmPassword: z.string({ error: "Passwords do not match" }),
}).strict().refine((v) => v.newPassword === v.confirmPassword, {
  error: "Passwords do not match",
  path: ["confirmPassword"],
});

export const deleteBody = z.object({
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, PASSWORD_WRONG),
  confirm: checkbox.refine((v) => v, { error: CONFIRM_DELETE_MESSAGE }),
}).strict();

export type ProfileInput = z.input<typeof profileBody>;
export type PasswordInput = z.input<typeof passwordBody>;
export type DeleteInput = z.input<typeof deleteBody>;
