/**
 * Reading image uploads from a multipart/form-data request: a size limit that refuses a huge body
 * before it is read whole (413), and the `file` fields as bytes. Shared by the JSON API and the admin
 * form routes.
 */
import type { Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "./context.ts";
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, productImageParams } from "../domains/media/mod.ts";
import { ValidationError } from "../lib/errors.ts";
import { requireRole } from "./guards.ts";
import { validate } from "./validate.ts";

/** Eight 5 MB images and the multipart framing around them. */
export const MAX_UPLOAD_BODY = MAX_PRODUCT_IMAGES * MAX_IMAGE_BYTES + 512 * 1024;
export const UPLOAD_TOO_LARGE = "The upload is too large: at most 8 images of 5 MB each";

/**
 * Refuses bodies over MAX_UPLOAD_BODY, by Content-Length or while streaming: 413 with a message, or
 * what `onTooLarge` answers (a form route redirects back with a toast).
 */
export function uploadLimit(onTooLarge?: (c: Context<AppEnv>) => Response | Promise<Response>) {
  return bodyLimit({
    maxSize: MAX_UPLOAD_BODY,
    onError: (c) => {
      if (onTooLarge) return onTooLarge(c as Context<AppEnv>);
      throw new HTTPException(413, { message: UPLOAD_TOO_LARGE });
    },
  });
}

/** The fields of a multipart/form-data request (files and strings); 400 for anything else. */
export async function readMultipart(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
    throw new ValidationError("Send the images as multipart/form-data in the field 'file'");
  }
  try {
    return await c.req.parseBody({ all: true });
  } catch (err) {
    if (err instanceof HTTPException) throw err;
    throw new ValidationError("The upload could not be read");
  }
}

/** The uploaded files of the `file` field(s); any field other than `file` and `allowed` is a 400. */
export async function imageFilesOf(body: Record<string, unknown>, allowed: string[] = []): Promise<Uint8Array[]> {
  for (const key of Object.keys(body)) {
    if (key !== "file" && !allowed.includes(key)) throw new ValidationError("Unexpected field in the upload");
  }
  const files = [body.file ?? []].flat().filter((f) => !(f instanceof File && f.size === 0 && !f.name));
  if (!files.length) throw new ValidationError("Choose an image to upload");
  if (files.length > MAX_PRODUCT_IMAGES) throw new ValidationError("A product can have at most 8 images");
  const out: Uint8Array[] = [];
  for (const file of files) {
    if (!(file instanceof File)) throw new ValidationError("The field 'file' must hold image files");
    if (file.size > MAX_IMAGE_BYTES) throw new ValidationError("Images must be 5 MB or smaller");
    out.push(new Uint8Array(await file.arrayBuffer()));
  }
  return out;
}

/**
 * Mounts a staff upload of images for the record the path's `:id` names (JSON API): the admin guard,
 * the id checked, the size limit, then `store` with the id and the files of the `file` field(s).
 */
export function postImageUpload(
  app: Hono<AppEnv>,
  path: string,
  store: (c: Context<AppEnv>, id: number, files: Uint8Array[]) => Promise<Response>,
) {
  app.post(path, requireRole("admin"), validate("param", productImageParams), uploadLimit(), async (c) => {
    const { id } = c.req.valid("param");
    return await store(c, id, await imageFilesOf(await readMultipart(c)));
  });
}
