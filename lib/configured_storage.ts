/**
 * The file storage the configuration asks for. Apart from lib/storage.ts so that the interface and
 * the local stores do not import the S3 store that implements them (no import cycle).
 */
import type { Config } from "../config.ts";
import { s3Storage } from "./s3_storage.ts";
import { type FileStorage, localFolderStorage } from "./storage.ts";

/** S3-compatible object storage when S3_* is set, else the folder MEDIA_DIR. */
export function storageFromConfig(config: Config): FileStorage {
  return config.media.s3 ? s3Storage(config.media.s3) : localFolderStorage(config.media.dir);
}
