/**
 * The cart: lines owned by a signed-in user or by a guest's session, priced from the database on
 * every read, with the applied coupon re-checked each time. A line never holds more than the stock
 * (or the pre-order bound): the database enforces it in the same statement that adds.
 */
import { and, asc, eq, sql, sum } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { preparedQuery } from "../../db/prepared.ts";
import { cartCoupons, cartItems, categories, coupons, products, productVariants } from "../../db/schema/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { toCents } from "../../lib/money.ts";
import { checkRateLimit, hitRateLimit, LIMITS } from "../auth/mod.ts";
import { chargedPriceCents, maxQuantity } from "../catalog/pricing.ts";
import { onStorefront } from "../catalog/mod.ts";
import {
  couponContext,
  type CouponContextOptions,
  type CouponRule,
  evaluateCoupon,
  findCouponByCode,
  findCouponById,
  isFirstOrderCoupon,
  type PricedLine,
  SIGN_IN_TO_CONFIRM,
} from "../coupons/mod.ts";
import { referralOffer, referralTotals } from "../referrals/mod.ts";

/** Whose cart: a signed-in user's, or a guest session's. */
export type CartOwner = { userId: number } | { sessionId: string };

export interface CartLine {
  id: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  product: {
    name: string;
    slug: string;
    sku: string;
    brand: string | null;
    image: string | null;
    variantName: string | null;
    categoryId: number | null;
    /** The parent of the product's category when that is a sub-category (category coupons cover both). */
    parentCategoryId: number | null;
    pudoEligible: boolean;
    preorder: boolean;
    /** Most that may be ordered: stock, or the pre-order bound. */
    maxQuantity: number;
  };
  unitPriceCents: number;
  /** The regular unit price when a sale or pre-order price applies, else null. */
  regularUnitPriceCents: number | null;
  lineTotalCents: number;
}

export interface AppliedCoupon {
  code: string;
  type: CouponRule["type"];
  value: number;
  description: string;
  minOrderCents: number | null;
  endDate: Date | null;
}

export interface Cart {
  lines: CartLine[];
  itemCount: number;
  subtotalCents: number;
  /** The coupon's discount (0 when a larger referral discount replaced a first-order coupon). */
  discountCents: number;
  /** A referred customer's first-order discount (its own line in cart and checkout); 0 otherwise. */
  referralDiscountCents: number;
  /** The redeemed referral behind referralDiscountCents (null when none applies). */
  referral: { referralId: number; code: string; percent: number } | null;
  /** Set when a first-order coupon and the referral discount met and the larger one applies. */
  referralNote: string | null;
  /** Subtotal less both discounts, never below 0. Shipping is worked out at checkout. */
  totalCents: number;
  coupon: AppliedCoupon | null;
  /** A coupon can make shipping free. */
  freeShipping: boolean;
  /** Set when a previously applied coupon no longer applies and was removed. */
  couponNotice: string | null;
  /**
   * The applied coupon is a first-order coupon held by a guest: it holds provisionally and is only
   * confirmed once they sign in (SIGN_IN_TO_CONFIRM says so to the shopper).
   */
  couponNeedsSignIn: boolean;
}

const ownerOf = (
  o: CartOwner,
) => ("userId" in o ? eq(cartItems.userId, o.userId) : eq(cartItems.sessionId, o.sessionId));
const couponOwnerOf = (o: CartOwner) =>
  "userId" in o ? eq(cartCoupons.userId, o.userId) : eq(cartCoupons.sessionId, o.sessionId);
const userIdOf = (o: CartOwner) => ("userId" in o ? o.userId : null);

/** A cart line's columns: only what pricing and the cart show (not the product's description). */
function linesQuery(db: Db, owner: "user" | "session") {
  return db.select({
    item: {
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
    },
    product: {
      name: products.name,
      slug: products.slug,
      sku: products.sku,
      brand: products.brand,
      images: products.images,
      categoryId: products.categoryId,
      pudoEligible: products.pudoEligible,
      price: products.price,
      salePrice: products.salePrice,
      stock: products.stock,
    },
    variant: {
      id: productVariants.id,
      name: productVariants.name,
      sku: productVariants.sku,
      price: productVariants.price,
      salePrice: productVariants.salePrice,
      stock: productVariants.stock,
      preorder: productVariants.preorder,
      preorderDiscount: productVariants.preorderDiscount,
    },
    parentCategoryId: categories.parentId,
  }).from(cartItems)
    .innerJoin(products, eq(cartItems.productId, products.id))
    .leftJoin(productVariants, eq(cartItems.variantId, productVariants.id))
    .leftJoin(categories, eq(products.categoryId, categories.id))
    .where(
      owner === "user"
        ? eq(cartItems.userId, sql.placeholder("owner"))
        : eq(cartItems.sessionId, sql.placeholder("owner")),
    )
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

// Prepared (db/prepared.ts): the cart is read on every cart request and up to twice in placement.
const linesOfUser = preparedQuery((db) => linesQuery(db, "user").prepare("cart_lines_user"));
const linesOfSession = preparedQuery((db) => linesQuery(db, "session").prepare("cart_lines_session"));
const appliedOfUser = preparedQuery((db) =>
  db.select({ couponId: cartCoupons.couponId }).from(cartCoupons)
    .where(eq(cartCoupons.userId, sql.placeholder("owner"))).prepare("cart_coupon_user")
);
const appliedOfSession = preparedQuery((db) =>
  db.select({ couponId: cartCoupons.couponId }).from(cartCoupons)
    .where(eq(cartCoupons.sessionId, sql.placeholder("owner"))).prepare("cart_coupon_session")
);

async function loadLines(db: Db, owner: CartOwner): Promise<CartLine[]> {
  const rows = "userId" in owner
    ? await linesOfUser(db).execute({ owner: owner.userId })
    : await linesOfSession(db).execute({ owner: owner.sessionId });
  return rows.map(({ item, product, variant, parentCategoryId }) => {
    const priced = variant
      ? {
        priceCents: toCents(variant.price)!,
        salePriceCents: toCents(variant.salePrice),
        preorder: variant.preorder,
        preorderDiscount: variant.preorderDiscount === null ? null : Number(variant.preorderDiscount),
      }
      : {
        priceCents: toCents(product.price)!,
        salePriceCents: toCents(product.salePrice),
        preorder: false,
        preorderDiscount: null,
      };
    const unit = chargedPriceCents(priced);
    return {
      id: item.id,
      productId: item.productId,
      variantId: item.variantId,
      quantity: item.quantity,
      product: {
        name: product.name,
        slug: product.slug,
        sku: variant?.sku ?? product.sku,
        brand: product.brand,
        image: product.images[0] ?? null,
        variantName: variant?.name ?? null,
        categoryId: product.categoryId,
        parentCategoryId: parentCategoryId ?? null,
        pudoEligible: product.pudoEligible,
        preorder: priced.preorder,
        maxQuantity: maxQuantity({ preorder: priced.preorder, stock: variant?.stock ?? product.stock }),
      },
      unitPriceCents: unit,
      regularUnitPriceCents: unit !== priced.priceCents ? priced.priceCents : null,
      lineTotalCents: unit * item.quantity,
    };
  });
}

export function pricedLines(lines: CartLine[]): PricedLine[] {
  return lines.map((l) => ({
    productId: l.productId,
    categoryId: l.product.categoryId,
    parentCategoryId: l.product.parentCategoryId,
    unitPriceCents: l.unitPriceCents,
    quantity: l.quantity,
  }));
}

function couponJson(rule: CouponRule): AppliedCoupon {
  return {
    code: rule.code,
    type: rule.type,
    value: rule.value,
    description: rule.description,
    minOrderCents: rule.minOrderCents,
    endDate: rule.endDate,
  };
}

/**
 * The cart priced from the database; an applied coupon that no longer applies is removed and reported.
 * `couponOptions` is for order placement (it counts pending orders against first-order coupons);
 * the cart itself leaves it empty.
 */
export async function getCart(
  db: Db,
  owner: CartOwner,
  now = new Date(),
  couponOptions: CouponContextOptions = {},
): Promise<Cart> {
  // The lines, the applied coupon and a signed-in customer's referral offer are read together: in a
  // transaction postgres.js sends the three in one write and PostgreSQL answers them in turn.
  const [lines, [applied], pendingOffer] = await Promise.all([
    loadLines(db, owner),
    "userId" in owner
      ? appliedOfUser(db).execute({ owner: owner.userId })
      : appliedOfSession(db).execute({ owner: owner.sessionId }),
    "userId" in owner ? referralOffer(db, owner.userId) : null,
  ]);
  const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const itemCount = lines.reduce((s, l) => s + l.quantity, 0);
  let coupon: AppliedCoupon | null = null;
  let discount = 0;
  let freeShipping = false;
  let couponNotice: string | null = null;
  let couponNeedsSignIn = false;
  let firstOrderCoupon = false;
  if (applied) {
    const rule = await findCouponById(db, applied.couponId);
    const result = rule
      ? evaluateCoupon(rule, pricedLines(lines), await couponContext(db, rule.id, userIdOf(owner), now, couponOptions))
      : { ok: false as const, reason: "This coupon is no longer available." };
    if (rule && result.ok) {
      coupon = couponJson(rule);
      discount = result.discountCents;
      freeShipping = result.freeShipping;
      couponNeedsSignIn = result.needsSignIn === true;
      firstOrderCoupon = isFirstOrderCoupon(rule);
    } else if (lines.length) {
      await db.delete(cartCoupons).where(couponOwnerOf(owner));
      couponNotice = `${rule ? `Coupon ${rule.code} was removed: ` : ""}${result.ok ? "" : result.reason}`;
    }
  }
  // A referred customer's first-order discount: beside a first-order coupon the larger one applies.
  const offer = lines.length ? pendingOffer : null;
  const referral = referralTotals(
    offer,
    subtotal,
    coupon ? { discountCents: discount, firstOrder: firstOrderCoupon, code: coupon.code } : null,
  );
  return {
    lines,
    itemCount,
    subtotalCents: subtotal,
    discountCents: referral.couponDiscountCents,
    referralDiscountCents: referral.referralDiscountCents,
    referral: offer && referral.referralDiscountCents > 0 ? offer : null,
    referralNote: referral.note,
    totalCents: Math.max(0, subtotal - referral.couponDiscountCents - referral.referralDiscountCents),
    coupon,
    freeShipping,
    couponNotice,
    couponNeedsSignIn,
  };
}

const countOfUser = preparedQuery((db) =>
  db.select({ n: sum(cartItems.quantity) }).from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder("owner"))).prepare("cart_count_user")
);
const countOfSession = preparedQuery((db) =>
  db.select({ n: sum(cartItems.quantity) }).from(cartItems)
    .where(eq(cartItems.sessionId, sql.placeholder("owner"))).prepare("cart_count_session")
);

/** Total quantity in the cart, for the header badge (on every page: a prepared query). */
export async function cartItemCount(db: Db, owner: CartOwner): Promise<number> {
  const [row] = "userId" in owner
    ? await countOfUser(db).execute({ owner: owner.userId })
    : await countOfSession(db).execute({ owner: owner.sessionId });
  return Number(row?.n ?? 0);
}

interface Buyable {
  name: string;
  maxQuantity: number;
}

// Prepared (db/prepared.ts) and sent together: every add to cart reads both.
const buyableProduct = preparedQuery((db) =>
  db.select({ id: products.id, name: products.name, stock: products.stock }).from(products)
    .where(and(eq(products.id, sql.placeholder("productId")), onStorefront())).prepare("buyable_product")
);
const buyableVariants = preparedQuery((db) =>
  db.select({
    id: productVariants.id,
    name: productVariants.name,
    stock: productVariants.stock,
    preorder: productVariants.preorder,
  }).from(productVariants).where(eq(productVariants.productId, sql.placeholder("productId")))
    .prepare("buyable_variants")
);

async function buyable(db: Db, productId: number, variantId: number | null): Promise<Buyable> {
  const [[product], variants] = await Promise.all([
    buyableProduct(db).execute({ productId }),
    buyableVariants(db).execute({ productId }),
  ]);
  if (!product) throw new NotFoundError("Product not found");
  if (variantId === null) {
    if (variants.length) throw new ValidationError("Please choose an option for this product.");
    return { name: product.name, maxQuantity: maxQuantity({ preorder: false, stock: product.stock }) };
  }
  const variant = variants.find((v) => v.id === variantId);
  if (!variant) throw new ValidationError("That option does not belong to this product.");
  return {
    name: `${product.name} (${variant.name})`,
    maxQuantity: maxQuantity({ preorder: variant.preorder, stock: variant.stock }),
  };
}

function stockMessage(b: Buyable, inCart: number): string {
  if (b.maxQuantity === 0) return `${b.name} is out of stock.`;
  const left = `Only ${b.maxQuantity} of ${b.name} can be ordered`;
  return inCart ? `${left}, and you already have ${inCart} in your cart.` : `${left}.`;
}

/**
 * Adds `quantity` units (adding to a line that already holds the product). The new quantity is
 * checked against stock inside the upsert itself, so concurrent adds can never exceed it.
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  input: { productId: number; variantId?: number | null; quantity: number },
): Promise<{ lineId: number; quantity: number; name: string }> {
  const variantId = input.variantId ?? null;
  const item = await buyable(db, input.productId, variantId);
  if (input.quantity > item.maxQuantity) throw new ConflictError(stockMessage(item, 0));
  const isUser = "userId" in owner;
  const [row] = await db.insert(cartItems).values({
    userId: isUser ? owner.userId : null,
    sessionId: isUser ? null : owner.sessionId,
    productId: input.productId,
    variantId,
    quantity: input.quantity,
  }).onConflictDoUpdate({
    target: isUser
      ? [cartItems.userId, cartItems.productId, cartItems.variantKey]
      : [cartItems.sessionId, cartItems.productId, cartItems.variantKey],
    targetWhere: isUser ? sql`${cartItems.userId} is not null` : sql`${cartItems.sessionId} is not null`,
    set: { quantity: sql`${cartItems.quantity} + excluded.quantity`, updatedAt: sql`now()` },
    setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${item.maxQuantity}`,
  }).returning({ id: cartItems.id, quantity: cartItems.quantity });
  if (!row) {
    const [existing] = await db.select({ q: cartItems.quantity }).from(cartItems).where(and(
      ownerOf(owner),
      eq(cartItems.productId, input.productId),
      variantId === null ? sql`${cartItems.variantId} is null` : eq(cartItems.variantId, variantId),
    ));
    throw new ConflictError(stockMessage(item, existing?.q ?? 0));
  }
  return { lineId: row.id, quantity: row.quantity, name: item.name };
}

/**
 * Sets a line's quantity; 0 or less removes it; another owner's line is NotFound. A line can sit
 * above what may be ordered when stock fell after it was added: raising it is refused, but a lower
 * quantity is accepted and brought down to what may be ordered (never below 1: removing the line
 * stays the shopper's choice), so the stepper's minus always works. Returns the quantity kept.
 */
export async function updateCartItem(db: Db, owner: CartOwner, lineId: number, quantity: number): Promise<number> {
  if (quantity <= 0) {
    await removeCartItem(db, owner, lineId);
    return 0;
  }
  const [line] = await db.select().from(cartItems).where(and(eq(cartItems.id, lineId), ownerOf(owner)));
  if (!line) throw new NotFoundError("Cart item not found");
  const item = await buyable(db, line.productId, line.variantId);
  let next = quantity;
  if (quantity > item.maxQuantity) {
    if (quantity > line.quantity) throw new ConflictError(stockMessage(item, 0));
    next = Math.max(1, item.maxQuantity);
  }
  await db.update(cartItems).set({ quantity: next, updatedAt: new Date() }).where(
    and(eq(cartItems.id, lineId), ownerOf(owner)),
  );
  return next;
}

export async function removeCartItem(db: Db, owner: CartOwner, lineId: number): Promise<void> {
  const gone = await db.delete(cartItems).where(and(eq(cartItems.id, lineId), ownerOf(owner)))
    .returning({ id: cartItems.id });
  if (!gone.length) throw new NotFoundError("Cart item not found");
}

/** Empties the cart and drops its coupon. */
export async function clearCart(db: Db, owner: CartOwner): Promise<void> {
  await db.delete(cartItems).where(ownerOf(owner));
  await db.delete(cartCoupons).where(couponOwnerOf(owner));
}

export type CouponCheck =
  | { valid: true; coupon: AppliedCoupon; discountCents: number; freeShipping: boolean; note: string | null }
  | { valid: false; message: string };

/**
 * Who is trying a code, for the limit on guessing codes (LIMITS.couponPerIp): the routes pass the
 * visitor's bucket, e.g. `coupon:ip:{address}`.
 *
 * Only refused codes count. The cart re-applies its code whenever the cart changes, so counting
 * every attempt would lock out a busy shopper, while someone guessing is refused nearly every time.
 * A refusal of a real code counts too: its reason ("expired", "spend at least...") already tells the
 * guesser the code exists. Once over the limit every attempt is refused, right codes included.
 */
export interface CouponAttempt {
  limitKey: string;
}

/** Checks a code against this cart as the server prices it (any client-side total is ignored). */
export async function checkCoupon(
  db: Db,
  owner: CartOwner,
  code: string,
  now = new Date(),
  attempt?: CouponAttempt,
): Promise<CouponCheck> {
  if (attempt) await checkRateLimit(db, attempt.limitKey, LIMITS.couponPerIp, now);
  const check = await evaluateCode(db, owner, code, now);
  if (attempt && !check.valid) await hitRateLimit(db, attempt.limitKey, LIMITS.couponPerIp, now);
  return check;
}

async function evaluateCode(db: Db, owner: CartOwner, code: string, now: Date): Promise<CouponCheck> {
  const rule = await findCouponByCode(db, code);
  if (!rule) return { valid: false, message: "This coupon code is not valid." };
  const lines = await loadLines(db, owner);
  const result = evaluateCoupon(rule, pricedLines(lines), await couponContext(db, rule.id, userIdOf(owner), now));
  if (!result.ok) return { valid: false, message: result.reason };
  return {
    valid: true,
    coupon: couponJson(rule),
    discountCents: result.discountCents,
    freeShipping: result.freeShipping,
    note: result.needsSignIn ? SIGN_IN_TO_CONFIRM : null,
  };
}

/**
 * Applies a code to the cart (replacing any other); ValidationError with the reason when it does
 * not apply. One upsert on the owner's unique key, so concurrent applies (a double click, two tabs)
 * leave exactly one coupon on the cart instead of tripping the unique constraint. With `attempt`,
 * refused codes count against the visitor's limit (see CouponAttempt).
 */
export async function applyCoupon(
  db: Db,
  owner: CartOwner,
  code: string,
  attempt?: CouponAttempt,
): Promise<CouponCheck & { valid: true }> {
  const check = await checkCoupon(db, owner, code, new Date(), attempt);
  if (!check.valid) throw new ValidationError(check.message);
  const [coupon] = await db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, check.coupon.code));
  const isUser = "userId" in owner;
  await db.insert(cartCoupons).values({
    userId: isUser ? owner.userId : null,
    sessionId: isUser ? null : owner.sessionId,
    couponId: coupon.id,
  }).onConflictDoUpdate({
    target: isUser ? cartCoupons.userId : cartCoupons.sessionId,
    set: { couponId: coupon.id, appliedAt: sql`now()` },
  });
  return check;
}

export async function removeCoupon(db: Db, owner: CartOwner): Promise<void> {
  await db.delete(cartCoupons).where(couponOwnerOf(owner));
}

/**
 * Moves a guest's cart into the user's on sign-in: quantities add, capped at what may be ordered;
 * the guest's coupon comes along when the user has none. Returns lines that could not move fully.
 *
 * Race-safe for a double-submitted login: the guest's lines are claimed first (DELETE ... RETURNING
 * inside the transaction), so a second merge of the same session waits on those rows and then finds
 * nothing to move; each line then goes in with one upsert capped in SQL, so a line the user adds at
 * the same moment neither trips the unique index nor pushes the quantity past the stock.
 */
export async function mergeGuestCart(db: Db, sessionId: string, userId: number): Promise<string[]> {
  return await db.transaction(async (tx) => {
    const problems: string[] = [];
    const guestLines = await tx.delete(cartItems).where(eq(cartItems.sessionId, sessionId)).returning();
    for (const line of guestLines) {
      let item: Buyable;
      try {
        item = await buyable(tx as unknown as Db, line.productId, line.variantId);
      } catch {
        continue; // the product or option is gone
      }
      const sameLine = and(
        eq(cartItems.userId, userId),
        eq(cartItems.productId, line.productId),
        eq(cartItems.variantKey, line.variantId ?? 0),
      );
      // Locked for the rest of the transaction: only used to tell the shopper what was capped.
      const [mine] = await tx.select({ quantity: cartItems.quantity }).from(cartItems).where(sameLine).for("update");
      if ((mine?.quantity ?? 0) + line.quantity > item.maxQuantity) problems.push(item.name);
      if (item.maxQuantity <= 0) continue;
      await tx.insert(cartItems).values({
        userId,
        productId: line.productId,
        variantId: line.variantId,
        quantity: Math.min(line.quantity, item.maxQuantity),
      }).onConflictDoUpdate({
        target: [cartItems.userId, cartItems.productId, cartItems.variantKey],
        targetWhere: sql`${cartItems.userId} is not null`,
        set: {
          quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${item.maxQuantity})`,
          updatedAt: sql`now()`,
        },
      });
    }
    const [guestCoupon] = await tx.delete(cartCoupons).where(eq(cartCoupons.sessionId, sessionId))
      .returning({ couponId: cartCoupons.couponId });
    if (guestCoupon) {
      await tx.insert(cartCoupons).values({ userId, couponId: guestCoupon.couponId })
        .onConflictDoNothing({ target: cartCoupons.userId });
    }
    return problems;
  });
}

/** What GET /cart?product={id} (the AMP page's Add to Cart link) offers to add. */
export type AddOffer =
  | { status: "unknown" }
  | { status: "out_of_stock"; name: string; slug: string }
  | {
    status: "available";
    productId: number;
    name: string;
    slug: string;
    /** The options that can be ordered now; empty for a product without options. */
    variants: { id: number; name: string }[];
  };

/** Whether a product can be put in a cart, and with which options: the confirm box reads this. */
export async function addOffer(db: Db, productId: number): Promise<AddOffer> {
  const [product] = await db.select({
    id: products.id,
    name: products.name,
    slug: products.slug,
    stock: products.stock,
  })
    .from(products).where(and(eq(products.id, productId), onStorefront()));
  if (!product) return { status: "unknown" };
  const options = await db.select().from(productVariants).where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.price), asc(productVariants.id));
  const variants = options.filter((v) => maxQuantity(v) > 0).map((v) => ({ id: v.id, name: v.name }));
  const orderable = options.length ? variants.length > 0 : maxQuantity({ preorder: false, stock: product.stock }) > 0;
  if (!orderable) return { status: "out_of_stock", name: product.name, slug: product.slug };
  return { status: "available", productId: product.id, name: product.name, slug: product.slug, variants };
}
