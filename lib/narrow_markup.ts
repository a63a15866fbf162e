/**
 * Markup that is kept and sent again, written in ASCII: every character above U+007F as a character
 * reference (decision 0095).
 *
 * V8 holds a string whose characters all fit in Latin-1 as one byte a character, and one character
 * beyond (the "…" closing a meta description, a ’ or – in a product text) makes every string built
 * from it two bytes a character. Deno hands a one-byte response body to the socket almost as it is,
 * but transcodes a two-byte one to UTF-8 first: about 0.1 ms for a 64 KB product page, a fifth of
 * the CPU a signed-in shopper's product page costs. Latin-1 beyond ASCII (the no-break space in every
 * price, ·, ×, ©) still has to be transcoded: TextEncoder takes 72 µs for a 60 KB page holding some
 * against 11 µs for one in ASCII. Markup rendered once and reused (lib/frozen.tsx, a page's head) is
 * therefore narrowed once, when it is kept; the browser reads `&#8230;` back as the same "…".
 *
 * Character references are not decoded inside raw-text elements (`<script>`, `<style>`), so their
 * content is left as it is: the head's JSON-LD is narrowed where it is written (`scriptJson`).
 */

/** A raw-text element (left alone), or a run of characters above U+007F (surrogate pairs included). */
const RAW_TEXT_OR_WIDE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>|[\u0080-\uffff]+/gi;
const WIDE = /[\u0080-\uffff]/;

function references(run: string): string {
  let out = "";
  for (const ch of run) out += `&#${ch.codePointAt(0)};`;
  return out;
}

/** `html` with each character above U+007F outside `<script>` and `<style>` as `&#N;`. */
export function narrowMarkup(html: string): string {
  if (!WIDE.test(html)) return html;
  return html.replace(RAW_TEXT_OR_WIDE, (match) => match.charCodeAt(0) === 60 /* < */ ? match : references(match));
}

/** JSON with each character above U+007F as a `\uXXXX` escape (the same value once parsed). */
export function narrowJson(json: string): string {
  if (!WIDE.test(json)) return json;
  return json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
