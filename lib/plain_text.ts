/** The zod shape of free text typed by staff or customers: trimmed, with no control characters. */
import { z } from "zod";

// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// deno-lint-ignore no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Text without control characters (NUL, escape...); `lines` allows line breaks and tabs. */
export function plainText(label: string, opts: { lines?: boolean } = {}) {
  return z.string({ error: `${label} must be text.` }).trim().refine(
    (v) => !(opts.lines ? CONTROL_BUT_LINES : CONTROL).test(v),
    `${label} must not contain control characters.`,
  );
}
