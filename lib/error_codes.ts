/**
 * Stable codes for the refusals a client must tell apart (an error body's `code`), so no client
 * matches the wording of a message. A file of its own so islands take only these strings.
 */
/** The stable codes of refusals that clients (islands, form routes) react to. */
export const ERROR_CODES = {
  /** A reward costs more points than the customer has. */
  insufficientPoints: "insufficient_points",
  /** The customer already asked to hear when this product is back in stock. */
  alreadySubscribed: "already_subscribed",
  /** Another product or variant has this SKU (field: sku). */
  duplicateSku: "duplicate_sku",
  /** Another product or category has this slug (field: slug). */
  duplicateSlug: "duplicate_slug",
  /** The payment provider asked for is not configured on this shop (always 409). */
  paymentNotConfigured: "payment_not_configured",
  /** A product CSV import refused: rows with errors (422, `errors` by row and column); nothing was written. */
  importRowsInvalid: "import_rows_invalid",
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
