/**
 * The spec's texts for the Facebook Commerce tab (spec 001 sections 2 and 8), in a file with no
 * imports so the browser island shares them without pulling in zod.
 */
export const TOKEN_REQUIRED = "Please enter an access token";
export const TOKEN_SAVED = "Facebook access token saved successfully";
export const TOKEN_SAVE_FAILED = "Failed to save access token";
export const IMPORT_FAILED = "Failed to import products";

/** 'Imported N products from Facebook Commerce Manager'. */
export function importedToast(n: number): string {
  return `Imported ${n} products from Facebook Commerce Manager`;
}

/** The result box's line: 'Successfully imported N new products.' */
export function importedLine(n: number): string {
  return `Successfully imported ${n} new products.`;
}
