/** Request limits shared by the admin's JSON and form routes. */
import { bodyLimit } from "hono/body-limit";
import { ValidationError } from "../lib/errors.ts";

/** Staff forms and JSON bodies are small: anything above 64 KB is refused with a 400, never read whole. */
export function adminBodyLimit() {
  return bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new ValidationError("The request is too large.");
    },
  });
}
