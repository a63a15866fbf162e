/** Reading HTML as a browser does, for tests that look at pages' text. */

/**
 * `html` with its numeric character references above U+007F read back to characters, as a browser
 * reads them: markup the shop keeps is written in ASCII (decision 0095), so "R 1 299,00" arrives as
 * `R&#160;1&#160;299,00`. References to ASCII (none of the shop's own) stay as they are.
 */
export function readReferences(html: string): string {
  return html.replace(/&#(\d+);/g, (ref, n) => Number(n) > 0x7f ? String.fromCodePoint(Number(n)) : ref);
}
