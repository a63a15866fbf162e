/**
 * FileStorage on S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Backblaze B2...):
 * path-style requests `{endpoint}/{bucket}/{key}` signed with AWS Signature V4 by aws4fetch (a
 * small, dependency-free signer on fetch and Web Crypto: runs under Deno and on Deno Deploy).
 * Files are public at S3_PUBLIC_URL/{key} when set (a CDN or the bucket's public host); otherwise the
 * shop proxies them under /media/{key}.
 */
import { AwsClient } from "aws4fetch";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Config } from "../config.ts";
import { contentTypeOf, type FileStorage, isStorageKey } from "./storage.ts";

export type S3Config = NonNullable<Config["media"]["s3"]>;

export class S3StorageError extends Error {}

export function s3Storage(config: S3Config, fetchImpl: typeof fetch = fetch): FileStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
    retries: 2,
  });
  const base = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;
  const publicBase = config.publicUrl?.replace(/\/+$/, "");
  const urlOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
    return `${base}/${key}`;
  };
  async function send(method: string, key: string, init: { body?: Uint8Array; headers?: Record<string, string> } = {}) {
    const request = await client.sign(urlOf(key), {
      method,
      headers: init.headers,
      body: init.body as Uint8Array<ArrayBuffer> | undefined,
    });
    return await fetchImpl(request);
  }
  async function fail(res: Response, what: string): Promise<never> {
    const text = (await res.text()).slice(0, 300);
    const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
    throw new S3StorageError(`object storage ${what} failed: ${res.status}${code ? ` ${code}` : ""}`);
  }
  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
      const res = await send("PUT", key, {
        body: bytes,
        headers: {
          "Content-Type": contentType,
          // The store checks the body against this: a file damaged on the way is refused.
          "X-Amz-Content-Sha256": encodeHexLowerCase(digest),
          // Keys are content hashes: a file never changes under its key.
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
      if (!res.ok) await fail(res, `PUT ${key}`);
      await res.body?.cancel();
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      const res = await send("GET", key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) await fail(res, `GET ${key}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, contentType: res.headers.get("content-type") ?? contentTypeOf(key) };
    },
    async delete(key) {
      const res = await send("DELETE", key);
      if (!res.ok && res.status !== 404) await fail(res, `DELETE ${key}`);
      await res.body?.cancel();
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${key}` : `/media/${key}`),
  };
}
