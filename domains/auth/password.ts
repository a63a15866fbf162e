/**
 * Password hashing with argon2id (OWASP parameters: 19 MiB, 2 passes, 1 lane), in WebAssembly
 * (hash-wasm) so the shop runs without FFI (Deno Deploy). Hashes are PHC strings
 * `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`, the same as the native library wrote before, so
 * existing accounts keep signing in (domains/auth/password_test.ts holds hashes it made).
 */
import { argon2id, argon2Verify } from "hash-wasm";

const options = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32 };

export function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return argon2id({ ...options, password, salt, outputType: "encoded" });
}

/** True when `password` matches `stored`; false for a malformed hash rather than throwing. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  if (!stored.startsWith("$argon2")) return false;
  try {
    return await argon2Verify({ password, hash: stored });
  } catch {
    return false;
  }
}
