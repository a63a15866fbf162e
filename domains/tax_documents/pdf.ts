/**
 * The PDF of a tax invoice (VAT Act section 20) or a credit note (section 21), drawn with pdf-lib
 * (pure JavaScript, so it runs on Deno Deploy) in the standard Helvetica font: the text is real,
 * copyable text. Everything printed comes from the stored document, never from today's order, prices
 * or settings.
 */
import type { PDFDocument, PDFFont, PDFPage } from "pdf-lib";

/**
 * pdf-lib, loaded with the first document: most requests never draw one, and the library held in
 * every process cost it about 25 MB of resident memory (issue 14).
 */
let pdf: typeof import("pdf-lib");
/** pdf-lib itself, loaded once on first use (packing slips draw with it too). */
export async function pdfLib(): Promise<typeof import("pdf-lib")> {
  pdf ??= await import("pdf-lib");
  return pdf;
}
import type { TaxLine, TaxParty } from "../../db/schema/mod.ts";
import { formatMoney, toCents } from "../../lib/money.ts";
import type { CreditNote, TaxInvoice } from "./issue.ts";

/** The page size (A4, in points) and margin every document here is drawn with. */
export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 48;
/** The width of each of the two blocks side by side under a heading (30pt apart). */
export const HALF_WIDTH = (A4[0] - 2 * MARGIN - 30) / 2;
const dateFormat = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

/** The date as printed on a document (South African time). */
export function documentDate(d: Date): string {
  return dateFormat.format(d);
}

/**
 * Text the standard font can draw. Helvetica's WinAnsi encoding has no emoji, no Greek and few
 * accented letters beyond Latin-1, and pdf-lib throws on any of them: other spaces become spaces,
 * an accented letter loses its accent when the plain letter is drawable, anything else becomes '?'.
 */
export function printable(text: string, font: PDFFont): string {
  const drawable = new Set(font.getCharacterSet());
  let out = "";
  for (const ch of text.replace(/[\s\u200b-\u200f\u2028\u2029]/gu, " ")) {
    const cp = ch.codePointAt(0)!;
    if (drawable.has(cp)) {
      out += ch;
      continue;
    }
    const plain = ch.normalize("NFD").replace(/\p{M}/gu, "");
    out += plain && [...plain].every((c) => drawable.has(c.codePointAt(0)!)) ? plain : "?";
  }
  return out;
}

function money(cents: number): string {
  return formatMoney(cents);
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Draws top to bottom, starting a new page when the current one is full (tax documents and
 * packing slips share it). Call after `pdfLib()` has loaded.
 */
export class Writer {
  page: PDFPage;
  y: number;
  constructor(private doc: PDFDocument, readonly fonts: Fonts) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height >= MARGIN) return;
    this.newPage();
  }
  /** Continues on a fresh page (one order per page in a batch of packing slips). */
  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  /** An empty square box of `size` points with its bottom-left corner at (x, y): a tick box on paper. */
  box(x: number, y: number, size: number) {
    this.page.drawRectangle({
      x,
      y,
      width: size,
      height: size,
      borderWidth: 0.8,
      borderColor: pdf.rgb(0.2, 0.2, 0.2),
    });
  }
  text(t: string, x: number, opts: { size?: number; bold?: boolean; right?: boolean; y?: number } = {}) {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    const size = opts.size ?? 9;
    const s = printable(t, font);
    const width = font.widthOfTextAtSize(s, size);
    this.page.drawText(s, {
      x: opts.right ? x - width : x,
      y: opts.y ?? this.y,
      size,
      font,
      color: pdf.rgb(0.1, 0.1, 0.1),
    });
  }
  /**
   * A document's heading: its title, and its facts ("Order: ...") in a column from `labelX` to the
   * right margin. Returns the top of the two address blocks under it ({@link HALF_WIDTH} each).
   */
  heading(title: string, facts: [string, string][], labelX: number): number {
    this.text(title, MARGIN, { size: 20, bold: true });
    let fy = this.y;
    for (const [k, v] of facts) {
      this.text(`${k}: `, labelX, { y: fy, bold: true });
      this.text(v, A4[0] - MARGIN, { y: fy, right: true });
      fy -= 13;
    }
    return Math.min(this.y - 40, fy - 14);
  }
  /** A titled block of lines (the first bold) from `top` down, wrapped to `width`; returns its bottom. */
  block(title: string, lines: string[], x: number, top: number, width: number): number {
    let y = top;
    this.text(title, x, { y, bold: true, size: 8 });
    y -= 13;
    lines.forEach((l, i) => {
      for (const part of this.wrap(l, width, 9, i === 0)) {
        this.text(part, x, { y, bold: i === 0 });
        y -= 12;
      }
    });
    return y;
  }
  /** A table's bold column heads (`right` aligns a head's right edge on its x) over a rule. */
  tableHead(heads: { text: string; x: number; right?: boolean }[], gap: number) {
    for (const h of heads) this.text(h.text, h.x, { bold: true, right: h.right });
    this.y -= 6;
    this.rule();
    this.y -= gap;
  }
  /** Splits text into lines no wider than `width`. */
  wrap(t: string, width: number, size = 9, bold = false): string[] {
    const font = bold ? this.fonts.bold : this.fonts.regular;
    const words = printable(t, font).split(" ");
    const lines: string[] = [];
    let line = "";
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    // A single word wider than the column is cut rather than drawn over the next column.
    return lines.map((l) => {
      let cut = l;
      while (cut.length > 1 && font.widthOfTextAtSize(cut, size) > width) cut = cut.slice(0, -1);
      return cut;
    });
  }
  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y + 3 },
      end: { x: A4[0] - MARGIN, y: this.y + 3 },
      thickness: 0.5,
      color: pdf.rgb(0.6, 0.6, 0.6),
    });
  }
}

function partyBlock(w: Writer, title: string, p: TaxParty, x: number, top: number): number {
  const lines = [p.name, ...p.address];
  if (p.registrationNumber) lines.push(`Registration number: ${p.registrationNumber}`);
  if (p.vatNumber) lines.push(`VAT registration number: ${p.vatNumber}`);
  else if (title === "Supplier") lines.push("VAT registration number: not set");
  if (p.email && !p.address.some((a) => a.includes(p.email!))) lines.push(p.email);
  return w.block(title, lines, x, top, HALF_WIDTH);
}

/** Right edges of the number columns: 65pt apart, room for "R 99 999,99" in each. */
const COLS = { desc: MARGIN, qty: 282, unit: 352, net: 417, vat: 482, gross: A4[0] - MARGIN };

function linesTable(w: Writer, lines: TaxLine[]) {
  w.ensure(30);
  w.tableHead([
    { text: "Description", x: COLS.desc },
    { text: "Qty", x: COLS.qty, right: true },
    { text: "Unit price", x: COLS.unit, right: true },
    { text: "Excl. VAT", x: COLS.net, right: true },
    { text: "VAT", x: COLS.vat, right: true },
    { text: "Total", x: COLS.gross, right: true },
  ], 10);
  for (const l of lines) {
    const desc = w.wrap(l.description, COLS.qty - COLS.desc - 30);
    w.ensure(desc.length * 11 + 4);
    w.text(desc[0], COLS.desc);
    w.text(String(l.quantity), COLS.qty, { right: true });
    w.text(money(l.unitGrossCents), COLS.unit, { right: true });
    w.text(money(l.netCents), COLS.net, { right: true });
    w.text(money(l.vatCents), COLS.vat, { right: true });
    w.text(money(l.grossCents), COLS.gross, { right: true });
    for (const more of desc.slice(1)) {
      w.y -= 11;
      w.text(more, COLS.desc);
    }
    w.y -= 14;
  }
  w.rule();
}

function totalsBlock(
  w: Writer,
  d: { netTotal: string; vatTotal: string; grossTotal: string; vatRate: string },
  label: string,
) {
  const ratePercent = Math.round(Number(d.vatRate) * 10_000) / 100;
  const row = (t: string, cents: number, bold = false) => {
    w.ensure(14);
    w.text(t, COLS.gross - 80, { right: true, bold });
    w.text(money(cents), COLS.gross, { right: true, bold });
    w.y -= 14;
  };
  w.y -= 6;
  row("Total excluding VAT", toCents(d.netTotal) ?? 0);
  row(`VAT (${ratePercent}%)`, toCents(d.vatTotal) ?? 0);
  row(label, toCents(d.grossTotal) ?? 0, true);
  w.y -= 8;
  w.ensure(14);
  w.text(
    `All amounts are in South African rand (ZAR). Prices include VAT at ${ratePercent}%; the VAT included is ${
      money(toCents(d.vatTotal) ?? 0)
    }.`,
    MARGIN,
  );
  w.y -= 14;
}

/** Helvetica and Helvetica Bold, embedded in the document (call after `pdfLib()`). */
export async function fontsOf(doc: PDFDocument): Promise<Fonts> {
  return {
    regular: await doc.embedFont(pdf.StandardFonts.Helvetica),
    bold: await doc.embedFont(pdf.StandardFonts.HelveticaBold),
  };
}

function header(w: Writer, title: string, facts: [string, string][], supplier: TaxParty, recipient: TaxParty) {
  const top = w.heading(title, facts, 380);
  const a = partyBlock(w, "Supplier", supplier, MARGIN, top);
  const b = partyBlock(w, "Recipient", recipient, MARGIN + HALF_WIDTH + 30, top);
  w.y = Math.min(a, b) - 16;
}

/** A new document titled "{title} {number}", its heading (title, facts, both parties) drawn. */
async function startDocument(
  d: TaxInvoice | CreditNote,
  title: string,
  facts: [string, string][],
): Promise<{ doc: PDFDocument; w: Writer }> {
  const doc = await (await pdfLib()).PDFDocument.create();
  doc.setTitle(`${title} ${d.number}`);
  doc.setAuthor(d.supplier.name);
  doc.setCreationDate(d.issuedAt);
  const w = new Writer(doc, await fontsOf(doc));
  header(w, title, facts, d.supplier, d.recipient);
  return { doc, w };
}

/** The tax invoice's PDF bytes. */
export async function taxInvoicePdf(inv: TaxInvoice, orderNumber: string): Promise<Uint8Array> {
  const { doc, w } = await startDocument(inv, "Tax Invoice", [
    ["Invoice number", inv.number],
    ["Invoice date", documentDate(inv.issuedAt)],
    ["Order", orderNumber],
  ]);
  linesTable(w, inv.lines);
  totalsBlock(w, inv, "Total (VAT inclusive)");
  return await doc.save();
}

/** The credit note's PDF bytes. */
export async function creditNotePdf(note: CreditNote, invoiceNumber: string, orderNumber: string): Promise<Uint8Array> {
  const { doc, w } = await startDocument(note, "Credit Note", [
    ["Credit note number", note.number],
    ["Date", documentDate(note.issuedAt)],
    ["Tax invoice", invoiceNumber],
    ["Order", orderNumber],
  ]);
  for (const l of w.wrap(`Reason: ${note.reason}`, A4[0] - 2 * MARGIN)) {
    w.ensure(12);
    w.text(l, MARGIN);
    w.y -= 12;
  }
  w.text(`This credit note adjusts tax invoice ${invoiceNumber}, including its VAT, by the amounts below.`, MARGIN);
  w.y -= 20;
  linesTable(w, note.lines);
  totalsBlock(w, note, "Total credited (VAT inclusive)");
  return await doc.save();
}
