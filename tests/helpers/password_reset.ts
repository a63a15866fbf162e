/** The customer who forgets her password, and the reset link the shop queues for her, for the reset tests. */
import assert from "node:assert/strict";
import type { Db } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/mod.ts";
import { hashPassword } from "../../domains/auth/mod.ts";

/** Thandi's users row for createUser, signed up as `username` with `password` (stored hashed). */
export async function forgetfulThandi(username: string, password: string) {
  return { username, email: "thandi@example.co.za", password: await hashPassword(password), firstName: "Thandi" };
}

/** The token in the newest queued e-mail (the database only has its hash). */
export async function queuedResetToken(db: Db): Promise<string> {
  const rows = await db.select().from(emailOutbox);
  const text = rows.at(-1)?.textBody ?? "";
  const token = /reset-password\?token=([a-z2-7]{32})/.exec(text)?.[1];
  assert.ok(token, `no reset link in: ${text}`);
  return token;
}
