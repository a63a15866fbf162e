import assert from "node:assert/strict";
import { hashPassword, verifyPassword } from "./password.ts";

/** Hashes made by the native @node-rs/argon2 2.2.1 the shop used before (same cost parameters). */
const nativeHashes = [
  {
    password: "correct horse battery staple",
    hash: "$argon2id$v=19$m=19456,t=2,p=1$O/55+o7zJLZaZZgC5KFMIA$9FMmh9bptWHBgnrrQrvFVZaNWy9hpd29uqafmyimb8w",
  },
  {
    password: "Passw0rd!",
    hash: "$argon2id$v=19$m=19456,t=2,p=1$QLCeHpmWVect8xDULImnng$2pGn5HmZffnwnJTTrXRG5MuBkrMU6BgOxBCJAytGbuc",
  },
  {
    password: "unicode: ŝŧřïñĝ 🦎",
    hash: "$argon2id$v=19$m=19456,t=2,p=1$/7yK/TylcpGxbTpbs99G7A$OJxtPWnF7YRtoHMk/jaxi9k6ImpvFaa4a2/aw6GsRdI",
  },
];

Deno.test("hashes made by the old native library still verify, and only with their password", async () => {
  for (const { password, hash } of nativeHashes) {
    assert.ok(await verifyPassword(hash, password), `verifies ${password}`);
    assert.equal(await verifyPassword(hash, password + "x"), false);
  }
});

Deno.test("new hashes are argon2id PHC strings with the OWASP cost parameters and a fresh salt", async () => {
  const a = await hashPassword("Passw0rd!");
  const b = await hashPassword("Passw0rd!");
  assert.match(a, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
  assert.notEqual(a, b, "a fresh salt per hash");
  assert.ok(await verifyPassword(a, "Passw0rd!"));
  assert.equal(await verifyPassword(a, "passw0rd!"), false);
});

Deno.test("a malformed or empty stored hash is a refusal, not an error", async () => {
  for (const stored of ["", "!", "$argon2id$v=19$m=19456,t=2,p=1$bad", "plain"]) {
    assert.equal(await verifyPassword(stored, "Passw0rd!"), false);
  }
});
