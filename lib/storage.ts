/**
 * One interface for stored files (product, category and review images; later invoices): a local
 * folder by default, memory in tests, S3-compatible object storage when configured
 * (lib/s3_storage.ts; lib/configured_storage.ts picks one from the configuration). Keys are
 * relative paths such as "products/ab12cd-640.webp"; callers never build file paths themselves.
 */
import { dirname, join, normalize } from "node:path";
import { AppError } from "./errors.ts";

/** What an upload answers when the server may not write to its media folder (Deno Deploy without S3_*). */
export const MEDIA_NOT_WRITABLE =
  "File uploads need storage: this server may not write to its media folder. Set S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or run with --allow-write).";

export interface StoredFile {
  bytes: Uint8Array;
  contentType: string;
}

export interface FileStorage {
  /** "local", "memory" or "s3": for the start-up log. */
  readonly kind: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
  /** The URL a browser loads the file from: /media/{key}, or the bucket's public URL. */
  publicUrl(key: string): string;
}

/** Keys are lowercase paths of safe characters: nothing can climb out of the storage root. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/;

export function isStorageKey(key: string): boolean {
  return KEY.test(key) && !key.includes("..") && key.length <= 200;
}

function assertKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, 80))}`);
}

const contentTypes: Record<string, string> = {
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  svg: "image/svg+xml",
  pdf: "application/pdf",
};

/** The content type a key's extension stands for (local files keep no metadata). */
export function contentTypeOf(key: string): string {
  return contentTypes[key.split(".").pop() ?? ""] ?? "application/octet-stream";
}

/** Files in a folder on this machine (the default; a container mounts a volume there). */
export function localFolderStorage(root: string): FileStorage {
  const path = (key: string) => {
    assertKey(key);
    return normalize(join(root, key));
  };
  return {
    kind: "local",
    async put(key, bytes) {
      const file = path(key);
      try {
        await Deno.mkdir(dirname(file), { recursive: true });
        // Write then rename: a reader never sees half a file.
        const tmp = `${file}.${crypto.randomUUID()}.tmp`;
        await Deno.writeFile(tmp, bytes);
        await Deno.rename(tmp, file);
      } catch (err) {
        // No write permission (Deploy's permissions) is an operator's setting, not a crash.
        if (err instanceof Deno.errors.NotCapable || err instanceof Deno.errors.PermissionDenied) {
          throw new AppError(MEDIA_NOT_WRITABLE, 503);
        }
        throw err;
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return { bytes: await Deno.readFile(path(key)), contentType: contentTypeOf(key) };
      } catch (err) {
        if (err instanceof Deno.errors.NotFound) return null;
        throw err;
      }
    },
    async delete(key) {
      try {
        await Deno.remove(path(key));
      } catch (err) {
        if (!(err instanceof Deno.errors.NotFound)) throw err;
      }
    },
    publicUrl: (key) => `/media/${key}`,
  };
}

/** Files in memory: tests and throw-away demo shops. */
export function memoryStorage(): FileStorage {
  const files = new Map<string, StoredFile>();
  return {
    kind: "memory",
    // deno-lint-ignore require-await
    async put(key, bytes, contentType) {
      assertKey(key);
      files.set(key, { bytes, contentType });
    },
    // deno-lint-ignore require-await
    async get(key) {
      return files.get(key) ?? null;
    },
    // deno-lint-ignore require-await
    async delete(key) {
      files.delete(key);
    },
    publicUrl: (key) => `/media/${key}`,
  };
}
