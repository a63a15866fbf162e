/** HTTP test helpers for uploads: a signed-in client, multipart bodies, JSON error messages. */
import assert from "node:assert/strict";
import { testApp } from "./app.ts";
import { type TestClient, testClient } from "./client.ts";
import { signedInAs } from "./staff.ts";
import type { Database, Db } from "../../db/client.ts";
import type { Role } from "../../domains/auth/mod.ts";
import { type FileStorage, memoryStorage } from "../../lib/storage.ts";

/** A client signed in as a new user of this role, on an app using `storage`. */
export async function signedIn(db: Db, database: Database, role: Role, storage: FileStorage): Promise<TestClient> {
  return await signedInAs(db, database, role, testApp(database, {}, storage));
}

/** An admin signed in on an app whose uploads go to a fresh memory storage: the client and the storage. */
export async function adminWithStorage(db: Db, database: Database) {
  const storage = memoryStorage();
  return { storage, admin: await signedIn(db, database, "admin", storage) };
}

/** A visitor and a signed-in customer, whom the upload routes refuse, on apps sharing a fresh memory storage. */
export async function outsiders(db: Db, database: Database) {
  const storage = memoryStorage();
  const visitor = testClient(testApp(database, {}, storage));
  return { storage, visitor, customer: await signedIn(db, database, "customer", storage) };
}

/** A multipart body with the files in `file` and any other fields. */
export function form(files: { bytes: Uint8Array; name: string; type?: string }[], extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const f of files) {
    body.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name, { type: f.type ?? "image/jpeg" }));
  }
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}

export function upload(client: TestClient, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return client.request(path, { method: "POST", body, headers });
}

/** Asserts a JSON error of this status and returns its message. */
export async function errorOf(res: Response, status: number): Promise<string> {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}: ${await res.clone().text()}`);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const body = await res.json();
  return body.message ?? body.error;
}
