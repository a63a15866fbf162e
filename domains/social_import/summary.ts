/** The import's result box text. */
import type { FacebookImportResult } from "./schemas.ts";

/** The result box's message (the count of new products has its own line, in the spec's words). */
export function summary(
  read: number,
  pages: number,
  truncated: boolean,
  r: Omit<FacebookImportResult, "message">,
  skipped: string[],
  imageFailures: number,
  imagesRefused: number,
): string {
  const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
  const parts = [
    `Read ${plural(read, "product")} from ${plural(pages, "page")} of the catalogue`,
    `${r.updatedCount} updated`,
    `${r.unchangedCount} unchanged`,
  ];
  if (r.skippedCount) {
    const shown = skipped.slice(0, 3).join("; ");
    parts.push(`${r.skippedCount} skipped (${shown}${skipped.length > 3 ? "; ..." : ""})`);
  }
  let text = `${parts.join(", ")}.`;
  if (r.uncategorisedCount) {
    text += ` ${plural(r.uncategorisedCount, "product has", "products have")} no category yet: ` +
      "no shop category matched, choose one in the product editor.";
  }
  if (imageFailures) text += ` ${plural(imageFailures, "image")} could not be downloaded.`;
  if (imagesRefused) {
    text += ` ${plural(imagesRefused, "image link points", "image links point")} at an internal address: refused.`;
  }
  if (truncated) text += " The catalogue is larger than one import reads: run the import again for the rest.";
  return text;
}
