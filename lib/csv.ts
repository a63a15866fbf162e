/**
 * CSV cells for every file the shop writes (the Meta catalogue feed, the admin order and product
 * exports): RFC 4180 quoting plus the OWASP rule against formula injection, so a product name
 * `=HYPERLINK(...)` or a customer called `@SUM(...)` opens in a spreadsheet as text, never as a formula
 * that runs. And the reading side for files staff upload (the product import): `parseCsv`, and
 * `csvText`, which takes the guard's apostrophe off again so an exported file imports unchanged.
 */
import { CsvError, parse } from "csv-parse/sync";

/** A cell's value: text (always treated as text), a number the writer knows is numeric, or nothing. */
export type CsvValue = string | number | null | undefined;

/**
 * Text a spreadsheet would read as a formula or a command: the OWASP list (= + - @ tab carriage return),
 * a line feed (some importers drop a leading one), and the full-width = + - @ that some spreadsheets
 * fold into their ASCII twins.
 */
const FORMULA_START = /^'*[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * One CSV cell. Text that starts like a formula (or is apostrophes before such a start, so `csvText`
 * can tell a guard from text's own apostrophe) gets a leading apostrophe and is quoted; text holding
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

/**
 * A cell as the text it stands for: the apostrophe `csvCell` puts before formula-like text is taken
 * off (exactly one, and only there), so `csvText(cell) === text` for every cell `csvCell(text)` wrote.
 * A file a spreadsheet saved keeps its own apostrophes only where they guard a formula too.
 */
export function csvText(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A file that is not well-formed CSV: the record (1 = the first line) where reading stopped, and why. */
export class CsvSyntaxError extends Error {
  constructor(message: string, readonly record: number) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/**
 * Reads a CSV file into records of cells: RFC 4180 quoting (commas, quotes and line breaks inside
 * quotes), a byte-order mark, CRLF, LF or CR line ends (mixed too, as hand-edited files have), blank
 * lines skipped, records of unequal length kept as they are (the caller names what is missing). Cells
 * are returned as written: pass text cells through `csvText`. Reading stops after `maxRecords + 1`
 * records (header included), so a caller tells a file over its limit without reading it all. `delimiter`
 * reads a semicolon file (a spreadsheet in a comma-decimal locale) or cells pasted from a spreadsheet (tabs).
 * csv-parse reads it: a well-kept parser in plain JavaScript rather than our own.
 */
export function parseCsv(
  text: string,
  { maxRecords = Infinity, delimiter = "," }: { maxRecords?: number; delimiter?: "," | ";" | "\t" } = {},
): string[][] {
  try {
    return parse(text, {
      bom: true,
      delimiter,
      record_delimiter: ["\r\n", "\n", "\r"],
      skip_empty_lines: true,
      relax_column_count: true,
      to: Number.isFinite(maxRecords) ? maxRecords + 1 : undefined,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError) {
      const record = Number((err as { records?: number }).records ?? 0) + 1;
      const why = err.code === "CSV_QUOTE_NOT_CLOSED"
        ? "a quoted cell is never closed"
        : err.code === "INVALID_OPENING_QUOTE"
        ? "a quote inside an unquoted cell (quote the whole cell and double the quote)"
        : err.code === "CSV_INVALID_CLOSING_QUOTE"
        ? "text after a closing quote (double a quote inside a quoted cell)"
        : "the file is not valid CSV";
      throw new CsvSyntaxError(`Row ${record}: ${why}`, record);
    }
    throw err;
  }
}
