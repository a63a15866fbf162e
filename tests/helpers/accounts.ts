/**
 * Customer accounts for HTTP tests: a registration that passes every rule, registering through the
 * API (so the session cookie is real), and the password rules every password form must enforce.
 */
import assert from "node:assert/strict";
import type { TestClient } from "./client.ts";

/** A password that meets every rule. */
export const CUSTOMER_PASSWORD = "Gecko-Keeper1";

/** The body of POST /api/auth/register for customer "keeper", with `overrides` applied. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    username: "keeper",
    email: "keeper@example.co.za",
    password: CUSTOMER_PASSWORD,
    confirmPassword: CUSTOMER_PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

/**
 * Registers a customer through the API, which also signs this client in; fails the test at once
 * when the registration is refused, so a later failure is not blamed on the wrong step.
 */
export async function registerCustomer(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.postJson("/api/auth/register", registration(overrides));
  assert.equal(res.status, 201, `registration refused: ${await res.clone().text()}`);
  return await res.json();
}

/** Each password rule (document 2 section 5) broken once, with the spec's message for it. */
export const PASSWORD_RULE_CASES: [{ password: string; confirmPassword: string }, string][] = [
  [{ password: "Aa1!", confirmPassword: "Aa1!" }, "Password must be at least 8 characters"],
  [
    { password: "gecko-keeper1", confirmPassword: "gecko-keeper1" },
    "Password must contain at least one uppercase letter",
  ],
  [
    { password: "GECKO-KEEPER1", confirmPassword: "GECKO-KEEPER1" },
    "Password must contain at least one lowercase letter",
  ],
  [{ password: "Gecko-Keeper", confirmPassword: "Gecko-Keeper" }, "Password must contain at least one number"],
  [
    { password: "GeckoKeeper1", confirmPassword: "GeckoKeeper1" },
    "Password must contain at least one special character",
  ],
  [
    { password: "Aa1!" + "x".repeat(97), confirmPassword: "Aa1!" + "x".repeat(97) },
    "Password must be at most 100 characters",
  ],
];
