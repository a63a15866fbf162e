/**
 * Packing slips: one A4 page per order for the person packing it (the shop, the order number and
 * date, where it goes, each line's SKU, name, variant and quantity beside a tick box, the
 * customer's order notes) and no prices. Drawn with the tax documents' pdf-lib writer, from the
 * order as it was placed (its snapshot lines and address). Once part of an order in processing has
 * shipped (docs/decisions/0079), its slip lists only the units still to ship and says so.
 */
import type { Db } from "../../db/client.ts";
import { ValidationError } from "../../lib/errors.ts";
import { NotFoundError } from "../../lib/errors.ts";
import { idOrNull } from "../../lib/ids.ts";
import { type AddressSnapshot, loadOrders, ORDER_NOT_FOUND, type OrderDetail } from "../orders/mod.ts";
import { remainingToShip } from "./shipments.ts";
import { A4, documentDate, fontsOf, HALF_WIDTH, MARGIN, pdfLib, Writer } from "../tax_documents/mod.ts";

/** At most this many orders go into one PDF: a bigger batch is printed in parts. */
export const PACKING_SLIPS_MAX = 50;
export const PACKING_SLIPS_NONE = "Choose at least one order to print packing slips for.";
export const PACKING_SLIPS_TOO_MANY = `Print at most ${PACKING_SLIPS_MAX} packing slips at a time.`;
export const PACKING_SLIPS_BAD_ID = "Order ids are positive whole numbers, separated by commas.";

/** Who sends the parcel, as printed at the top of each slip. */
export interface PackingSlipShop {
  name: string;
  addressLines: string[];
  phone: string | null;
  email: string | null;
}

/** A PUDO locker's name and street address, from its code (checkout's locker list). */
export type LockerLookup = (code: string | null) => { name: string; address: string } | null;

/**
 * The order ids of `?ids=1,2,3` (and of a form's repeated `ids` checkboxes): distinct, in the order
 * given; 400 for none, a malformed id, or more than {@link PACKING_SLIPS_MAX}.
 */
export function packingSlipIds(values: readonly string[]): number[] {
  const parts = values.flatMap((v) => v.split(",")).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) throw new ValidationError(PACKING_SLIPS_NONE);
  const ids: number[] = [];
  for (const p of parts) {
    const id = idOrNull(p);
    if (id === null) throw new ValidationError(PACKING_SLIPS_BAD_ID);
    if (!ids.includes(id)) ids.push(id);
    if (ids.length > PACKING_SLIPS_MAX) throw new ValidationError(PACKING_SLIPS_TOO_MANY);
  }
  return ids;
}

/** The orders, in the order asked for; 404 naming the first id that is not an order. */
async function ordersFor(db: Db, ids: number[]): Promise<OrderDetail[]> {
  const found = new Map((await loadOrders(db, ids)).map((o) => [o.id, o]));
  return ids.map((id) => {
    const o = found.get(id);
    if (!o) throw new NotFoundError(ids.length === 1 ? ORDER_NOT_FOUND : `There is no order with id ${id}.`);
    return o;
  });
}

function addressBlock(a: AddressSnapshot | null): string[] {
  if (!a) return [];
  const s = (v: string | null | undefined) => (v ?? "").trim();
  return [
    [s(a.firstName), s(a.lastName)].filter(Boolean).join(" "),
    s(a.addressLine1),
    s(a.addressLine2),
    [s(a.city), s(a.state), s(a.postalCode)].filter(Boolean).join(", "),
    s(a.country),
    s(a.phone) ? `Tel ${s(a.phone)}` : "",
  ].filter(Boolean);
}

/** Left edges of the line table's columns; the tick box sits in the first. */
const COLS = { box: MARGIN, qty: MARGIN + 48, sku: MARGIN + 82, name: MARGIN + 190, variant: 410 };

/** What is left of a partly shipped order: units still to ship by line, and the parcels sent. */
type Remaining = { toShip: Map<number, number>; trackingNumbers: string[] };

function drawSlip(w: Writer, shop: PackingSlipShop, o: OrderDetail, lockerOf: LockerLookup, rest?: Remaining) {
  const top = w.heading("Packing slip", [
    ["Order", o.orderNumber],
    ["Order date", documentDate(o.createdAt)],
    ["Delivery", o.shippingMethod === "pudo_locker" ? "PUDO locker" : "Standard delivery"],
  ], 360);
  const from = w.block(
    "From",
    [
      shop.name,
      ...shop.addressLines,
      ...(shop.phone ? [`Tel ${shop.phone}`] : []),
      ...(shop.email ? [shop.email] : []),
    ],
    MARGIN,
    top,
    HALF_WIDTH,
  );
  const ship = addressBlock(o.shippingAddress);
  let to: number;
  if (o.shippingMethod === "pudo_locker") {
    const locker = lockerOf(o.pudoLockerCode);
    const lockerLines = locker
      ? [`PUDO locker: ${locker.name}`, locker.address]
      : [`PUDO locker: ${o.pudoLockerAddress ?? o.pudoLockerCode ?? "not recorded"}`];
    if (locker && o.pudoLockerCode) lockerLines.push(`Locker code ${o.pudoLockerCode}`);
    // The customer's name and phone: the locker texts them the collection PIN.
    const who = ship.filter((l, i) => i === 0 || l.startsWith("Tel "));
    to = w.block("Deliver to", [...who, ...lockerLines], MARGIN + HALF_WIDTH + 30, top, HALF_WIDTH);
  } else {
    to = w.block(
      "Deliver to",
      ship.length ? ship : ["No delivery address recorded"],
      MARGIN + HALF_WIDTH + 30,
      top,
      HALF_WIDTH,
    );
  }
  w.y = Math.min(from, to) - 12;
  const instructions = o.shippingAddress?.instructions?.trim();
  if (instructions) {
    for (const l of w.wrap(`Delivery instructions: ${instructions}`, A4[0] - 2 * MARGIN)) {
      w.text(l, MARGIN);
      w.y -= 12;
    }
  }
  w.y -= 8;
  if (rest) {
    const note = `Part of this order has shipped already (${
      rest.trackingNumbers.join(", ")
    }): this slip lists only what is still to ship.`;
    for (const l of w.wrap(note, A4[0] - 2 * MARGIN)) {
      w.text(l, MARGIN, { bold: true });
      w.y -= 12;
    }
    w.y -= 6;
  }

  w.tableHead([
    { text: "Packed", x: COLS.box },
    { text: "Qty", x: COLS.qty },
    { text: "SKU", x: COLS.sku },
    { text: "Product", x: COLS.name },
    { text: "Variant", x: COLS.variant },
  ], 14);
  let units = 0;
  const lines = o.items.flatMap((l) => {
    const quantity = rest ? rest.toShip.get(l.id) ?? 0 : l.quantity;
    return quantity > 0 ? [{ ...l, quantity }] : [];
  });
  for (const line of lines) {
    units += line.quantity;
    const name = w.wrap(line.name, COLS.variant - COLS.name - 10);
    const variant = w.wrap(line.variantName ?? "", A4[0] - MARGIN - COLS.variant);
    const sku = w.wrap(line.sku ?? "—", COLS.name - COLS.sku - 8);
    const rows = Math.max(name.length, variant.length, sku.length, 1);
    w.ensure(rows * 11 + 8);
    w.box(COLS.box + 8, w.y - 2, 10);
    w.text(String(line.quantity), COLS.qty + 14, { right: true, bold: true, size: 10 });
    for (let i = 0; i < rows; i++) {
      const y = w.y - i * 11;
      if (sku[i]) w.text(sku[i], COLS.sku, { y });
      if (name[i]) w.text(name[i], COLS.name, { y });
      if (variant[i]) w.text(variant[i], COLS.variant, { y });
    }
    w.y -= rows * 11 + 8;
  }
  w.rule();
  w.y -= 14;
  w.ensure(14);
  w.text(
    `${units} ${units === 1 ? "item" : "items"} in ${lines.length} ${lines.length === 1 ? "line" : "lines"}${
      rest ? " still to ship" : ""
    }`,
    MARGIN,
    {
      bold: true,
    },
  );
  w.y -= 22;
  const notes = o.notes?.trim();
  if (notes) {
    w.ensure(28);
    w.text("Order notes", MARGIN, { bold: true });
    w.y -= 13;
    for (const para of notes.split(/\r?\n/)) {
      for (const l of w.wrap(para, A4[0] - 2 * MARGIN)) {
        w.ensure(12);
        w.text(l, MARGIN);
        w.y -= 12;
      }
    }
    w.y -= 10;
  }
  w.ensure(30);
  w.y -= 10;
  w.text("Packed by: ______________________", MARGIN);
  w.text("Checked by: ______________________", 320);
}

/**
 * The packing slips of the orders, one order a page (an order too long for one page continues on
 * the next, and the next order still starts on a fresh page). 404 when an id is not an order.
 */
export async function packingSlipsPdf(
  db: Db,
  ids: number[],
  shop: PackingSlipShop,
  lockerOf: LockerLookup,
): Promise<{ bytes: Uint8Array; orders: OrderDetail[] }> {
  const list = await ordersFor(db, ids);
  const lib = await pdfLib();
  const doc = await lib.PDFDocument.create();
  doc.setTitle(list.length === 1 ? `Packing slip ${list[0].orderNumber}` : `Packing slips (${list.length} orders)`);
  doc.setAuthor(shop.name);
  const w = new Writer(doc, await fontsOf(doc));
  const partly = await remainingToShip(db, list.map((o) => o.id));
  list.forEach((o, i) => {
    if (i > 0) w.newPage();
    drawSlip(w, shop, o, lockerOf, partly.get(o.id));
  });
  return { bytes: await doc.save(), orders: list };
}
