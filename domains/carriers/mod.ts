/**
 * Carrier tracking links: which South African carrier a parcel went with (the carrier staff typed
 * on the shipping form, else the tracking number's pattern) and the public page where the customer
 * follows it. A number no rule recognises gets no link: the page shows it as plain text, never a
 * guess that lands on someone else's parcel or a "not found" page.
 *
 * The page addresses below could NOT be confirmed against the carriers' own documentation (none of
 * them publishes a deep-link format for its tracking page); they are the formats other shops'
 * integrations use, checked on 27 November 2026. When a carrier changes its site, change the
 * template here: every page and e-mail reads this one table. The number patterns are this shop's
 * assumptions about the waybills it is given (decision 0067), not the carriers' published rules.
 */

/** One carrier: its display name, the names staff may type for it, and its tracking page. */
interface Carrier {
  id: "courier_guy" | "pudo" | "aramex" | "postnet";
  name: string;
  /** Lower-case fragments of what staff type in the carrier field ("TCG", "the courier guy"). */
  aliases: string[];
  /** Tracking numbers of this carrier (upper-cased, spaces removed before matching). */
  pattern: RegExp;
  url: (trackingNumber: string) => string;
}

const enc = encodeURIComponent;

/** The carriers, PUDO before The Courier Guy (PUDO belongs to TCG, but its lockers track on PUDO's own page). */
export const CARRIERS: readonly Carrier[] = [
  {
    id: "pudo",
    name: "PUDO",
    aliases: ["pudo"],
    // PUDO locker waybills as this shop receives them: "PUDO" or "PUD" and 6 to 12 digits.
    pattern: /^PUDO?-?\d{6,12}$/,
    url: (n) => `https://www.pudo.co.za/track.php?ref=${enc(n)}`,
  },
  {
    id: "courier_guy",
    name: "The Courier Guy",
    aliases: ["courier guy", "courierguy", "tcg"],
    // The Courier Guy's waybills: "TCG" and 6 to 12 digits (or letters and digits).
    pattern: /^TCG-?[0-9A-Z]{6,12}$/,
    url: (n) => `https://portal.thecourierguy.co.za/track?ref=${enc(n)}`,
  },
  {
    id: "aramex",
    name: "Aramex",
    aliases: ["aramex", "fastway"],
    // Aramex air waybill numbers: 11 digits.
    pattern: /^\d{11}$/,
    url: (n) => `https://www.aramex.com/track/results?ShipmentNumber=${enc(n)}`,
  },
  {
    id: "postnet",
    name: "PostNet",
    aliases: ["postnet", "post net"],
    // PostNet-to-PostNet waybills: "PN" and 8 to 12 digits.
    pattern: /^PN-?\d{8,12}$/,
    url: (n) => `https://tracking.postnet.co.za/?waybill=${enc(n)}`,
  },
];

/** Where a tracking number can be followed: the carrier's name and its public tracking page. */
export interface TrackingLink {
  carrier: string;
  url: string;
}

/** The carrier staff named, when the name is one of the four (case and spaces ignored). */
function carrierNamed(carrier: string | null | undefined): Carrier | undefined {
  const typed = (carrier ?? "").toLowerCase().replace(/\s+/g, " ").trim();
  if (!typed) return undefined;
  return CARRIERS.find((c) => c.aliases.some((a) => typed.includes(a)));
}

/**
 * The tracking page for a number: the named carrier wins (staff know which van took it), else the
 * first carrier whose pattern the number fits; null when neither says which carrier it is, or when
 * staff named a carrier this shop has no tracking page for.
 */
export function trackingLink(
  trackingNumber: string | null | undefined,
  carrier?: string | null,
): TrackingLink | null {
  const number = (trackingNumber ?? "").trim();
  if (!number) return null;
  const named = carrierNamed(carrier);
  if (carrier?.trim() && !named) return null;
  const key = number.toUpperCase().replace(/\s+/g, "");
  const found = named ?? CARRIERS.find((c) => c.pattern.test(key));
  return found ? { carrier: found.name, url: found.url(number) } : null;
}

/** The carriers' names, for the shipping form's suggestions. */
export const CARRIER_NAMES: readonly string[] = CARRIERS.map((c) => c.name);
