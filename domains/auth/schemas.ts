/**
 * Register, login and password shapes with the spec's exact messages. The server applies them; the
 * forms' islands import the same schemas for their messages.
 */
import { z } from "zod";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORD_PATTERNS,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from "./password_rules.ts";

/** The password rules (document 2 section 5), built from the list the browser checks too. */
export const password = PASSWORD_PATTERNS.reduce(
  (schema, rule) => schema.regex(rule.pattern, rule.message),
  z.string({ error: "Password is required" }).min(PASSWORD_MIN, PASSWORD_TOO_SHORT).max(
    PASSWORD_MAX,
    PASSWORD_TOO_LONG,
  ),
);

/** A checkbox or JSON boolean: true, "true" or "on" mean yes. */
const checkbox = z.union([z.boolean(), z.enum(["on", "true", "false"])]).optional()
  .transform((v) => v === true || v === "on" || v === "true");

const optionalName = (label: string) =>
  z.string().trim().max(50, `${label} must be at most 50 characters`).optional()
    .transform((v) => (v ? v : null));

export const username = z.string({ error: "Username is required" }).trim()
  .min(3, "Username must be at least 3 characters")
  .max(20, "Username must be at most 20 characters")
  .regex(/^[A-Za-z0-9_-]+$/, "Username can only contain letters, numbers, underscores, and hyphens")
  // Erased accounts are renamed deleted-{id}; nobody may take such a name first.
  .refine((v) => !/^deleted-/i.test(v), { error: "That username is not available. Please choose another." });

export const email = z.string({ error: "Invalid email address" }).trim().toLowerCase()
  .max(254, "Invalid email address").pipe(z.email({ error: "Invalid email address" }))
  .refine((v) => !v.endsWith("@deleted.invalid"), { error: "Invalid email address" });

export const registerBody = z.object({
  username,
  email,
  password,
  confirmPassword: z.string({ error: "Passwords do not match" }),
  firstName: optionalName("First name"),
  lastName: optionalName("Last name"),
  acceptTerms: checkbox.refine((v) => v, { error: "You must accept the terms and conditions" }),
  /** A friend's referral code (from a /register?ref= link); empty means none. */
  referralCode: z.string({ error: "This referral code is not valid." }).trim().toUpperCase()
    .max(40, "This referral code is not valid.").optional(),
}).strict().refine((v) => v.password === v.confirmPassword, {
  error: "Passwords do not match",
  path: ["confirmPassword"],
});

export const loginBody = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, "Username is required")
    .max(254, "Username is required"),
  password: z.string({ error: "Password is required" }).min(1, "Password is required")
    .max(200, "Password is required"),
  rememberMe: checkbox,
}).strict();

export type RegisterInput = z.infer<typeof registerBody>;
export type LoginInput = z.infer<typeof loginBody>;
