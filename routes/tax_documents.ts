/** Serving a tax invoice or credit note PDF (the customer's order routes and the admin's). */
import type { Context } from "hono";
import type { AppEnv } from "./context.ts";
import { NotFoundError } from "../lib/errors.ts";
import { idOrNull } from "../lib/ids.ts";
import {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteFile,
  type DocumentFile,
  type DocumentReader,
  INVOICE_NOT_FOUND,
  invoiceFile,
} from "../domains/tax_documents/mod.ts";
import { PRIVATE_CACHE_CONTROL } from "./page_cache.ts";

const NOTE_FILE = /^([1-9][0-9]{0,9})\.pdf$/;

function idOf(raw: string | undefined, message: string): number {
  const id = idOrNull(raw);
  if (id === null) throw new NotFoundError(message);
  return id;
}

function pdf(c: Context<AppEnv>, file: DocumentFile): Response {
  c.header("Content-Type", "application/pdf");
  c.header("Content-Disposition", `attachment; filename="${file.filename}"`);
  // The documents hold a customer's name and address: never kept by a shared cache.
  c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  c.header("X-Content-Type-Options", "nosniff");
  return c.body(file.bytes as Uint8Array<ArrayBuffer>);
}

/** GET .../:id/invoice.pdf */
export async function invoicePdfRoute(c: Context<AppEnv>, reader: DocumentReader): Promise<Response> {
  return pdf(c, await invoiceFile(c.var.db, idOf(c.req.param("id"), INVOICE_NOT_FOUND), reader));
}

/** GET .../:id/credit-note.pdf (the latest) and .../:id/credit-notes/:file (one, "{noteId}.pdf"). */
export async function creditNotePdfRoute(c: Context<AppEnv>, reader: DocumentReader): Promise<Response> {
  const orderId = idOf(c.req.param("id"), CREDIT_NOTE_NOT_FOUND);
  const file = c.req.param("file");
  let noteId: number | undefined;
  if (file !== undefined) {
    const m = file.match(NOTE_FILE);
    noteId = idOf(m?.[1], CREDIT_NOTE_NOT_FOUND);
  }
  return pdf(c, await creditNoteFile(c.var.db, orderId, reader, noteId));
}
