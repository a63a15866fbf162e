/** SARS tax invoices and credit notes: issued with payments and refunds, read as PDFs. */
export { creditNoteLines, invoiceLines, taxLine, totalsOf, vatInside } from "./amounts.ts";
export {
  CREDIT_NOTE_SEQUENCE,
  type CreditNote,
  documentNumber,
  INVOICE_SEQUENCE,
  type InvoiceRow,
  issueCreditNote,
  nextInSequence,
  numberedInvoice,
  numberTaxInvoice,
  numberWaitingTaxInvoices,
  prepareTaxInvoice,
  type TaxInvoice,
} from "./issue.ts";
export {
  A4,
  creditNotePdf,
  documentDate,
  type Fonts,
  fontsOf,
  HALF_WIDTH,
  MARGIN,
  pdfLib,
  printable,
  taxInvoicePdf,
  Writer,
} from "./pdf.ts";
export {
  CREDIT_NOTE_NOT_FOUND,
  creditNoteFile,
  type DocumentFile,
  type DocumentReader,
  documentsOfOrders,
  drawAttachments,
  INVOICE_NOT_FOUND,
  invoiceAttachment,
  invoiceAttachmentRef,
  invoiceFile,
  type OrderDocuments,
  orderDocuments,
} from "./read.ts";
