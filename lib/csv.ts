/**
 * CSV cells for every file the shop writes (the Meta catalogue feed, the admin order export): RFC 4180
 * quoting plus the OWASP rule against formula injection, so a product name `=HYPERLINK(...)` or a
 * customer called `@SUM(...)` opens in a spreadsheet as text, never as a formula that runs.
 */

/** A cell's value: text (always treated as text), a number the writer knows is numeric, or nothing. */
export type CsvValue = string | number | null | undefined;

/**
 * Text a spreadsheet would read as a formula or a command: the OWASP list (= + - @ tab carriage return),
 * a line feed (some importers drop a leading one), and the full-width = + - @ that some spreadsheets
 * fold into their ASCII twins.
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell. Text that starts like a formula gets a leading apostrophe and is quoted; text holding
 * a quote, comma or line break is quoted with its quotes doubled; anything else is written as it is.
 * A finite number is written as a number (a negative one keeps its minus): pass numbers only for
 * columns that are numeric, and text for everything a person or a supplier typed.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`not a CSV number: ${value}`);
    return String(value);
  }
  const text = String(value);
  if (FORMULA_START.test(text)) return `"'${text.replaceAll('"', '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record: the cells, comma-separated, without its line end. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(",");
}

/** A whole CSV file: a header and records, CRLF line ends (RFC 4180), ending with a line end. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map(csvRow).join("\r\n") + "\r\n";
}
