/** The image forms' common ending: a toast for the outcome and a redirect back to the page of the form. */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { AppEnv } from "../context.ts";
import { AppError, ValidationError } from "../../lib/errors.ts";
import { imageFilesOf, readMultipart, UPLOAD_TOO_LARGE, uploadLimit } from "../uploads.ts";
import { setFlash } from "../flash.ts";

/** Runs a form action; a refusal (bad file, too many images...) becomes a red toast, never an error page. */
export async function formAction(
  c: Context<AppEnv>,
  target: string,
  action: () => Promise<{ title: string; description?: string }>,
) {
  try {
    const done = await action();
    setFlash(c, { ...done, variant: "success" });
  } catch (err) {
    if (!(err instanceof AppError) && !(err instanceof HTTPException)) throw err;
    setFlash(c, { title: "Images not changed", description: err.message, variant: "destructive" });
  }
  return c.redirect(target, 303);
}

/**
 * The middleware pair of an upload form: the body limit (a refused body becomes a red toast on
 * `target("")`) and the handler, which reads the files and runs `run` with them. `target(back)` maps
 * the form's `back` field to a page of ours.
 */
export function uploadForm(
  target: (c: Context<AppEnv>, back: unknown) => string,
  run: (c: Context<AppEnv>, files: Uint8Array[]) => Promise<{ title: string; description?: string }>,
) {
  const limit = uploadLimit((c) =>
    formAction(c, target(c, ""), () => Promise.reject(new ValidationError(UPLOAD_TOO_LARGE)))
  );
  const handler = async (c: Context<AppEnv>) => {
    const to = (back: unknown) => target(c, back);
    let body: Record<string, unknown>;
    try {
      body = await readMultipart(c);
    } catch (err) {
      if (!(err instanceof AppError) && !(err instanceof HTTPException)) throw err;
      // The body was refused or unreadable: the form's own back link is unknown.
      return await formAction(c, to(""), () => Promise.reject(err));
    }
    return await formAction(c, to(body.back), async () => await run(c, await imageFilesOf(body, ["back"])));
  };
  return [limit, handler] as const;
}
