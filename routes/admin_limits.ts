/** Request limits shared by the admin's JSON and form routes. */
import { bodyLimit } from "hono/body-limit";
import { ValidationError } from "../lib/errors.ts";

/** Refuses a body over `maxSize` bytes with a 400 (`message`), by Content-Length or while streaming, never read whole. */
export function refuseBodyOver(maxSize: number, message = "The request body is too large.") {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ValidationError(message);
    },
  });
}

/** Staff forms and JSON bodies are small: anything above 64 KB is refused with a 400, never read whole. */
export function adminBodyLimit() {
  return refuseBodyOver(64 * 1024, "The request is too large.");
}
