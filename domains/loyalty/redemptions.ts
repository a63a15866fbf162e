/**
 * Spending points on a reward, and checking a redemption code. A redemption is one transaction that
 * first locks the user's row, so two redemptions at once queue up and can never spend the same points
 * twice; it writes the negative ledger row and the redemption (with its code) together.
 */
import { and, desc, eq, or, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client.ts";
import { loyaltyLedger, loyaltyRedemptions, loyaltyRewards, users } from "../../db/schema/mod.ts";
import { ConflictError, ERROR_CODES, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { toRand } from "../../lib/money.ts";
import { pointsBalance } from "./ledger.ts";
import { type DiscountType, type Reward, rewardOf } from "./rewards.ts";
import { isVoided, REDEMPTION_VOID, voidReleasedCodeInDebt } from "./voids.ts";

/** A redemption code stays valid this long (docs/decisions/0015-loyalty-redemptions.md). */
export const REDEMPTION_VALID_DAYS = 30;
/** No 0/O or 1/I: codes are read aloud and typed by hand. 32 symbols, so a byte % 32 is unbiased. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_LENGTH = 8;

export const REWARD_NOT_FOUND = "Reward not found";
export const REWARD_UNAVAILABLE = "This reward is no longer available.";
export const REWARD_EXPIRED = "This reward has expired.";
export const EMPTY_REDEMPTION_CODE = "Please enter a redemption code";

/** The spec's 'Insufficient Points' text. */
export function insufficientPointsMessage(missing: number): string {
  return `You need ${missing} more points to redeem this reward.`;
}

/** A fresh code such as RWD-7K3MPQ2X. */
export function redemptionCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  let out = "RWD-";
  for (const b of bytes) out += CODE_ALPHABET[b % CODE_ALPHABET.length];
  return out;
}

export interface RedeemResult {
  currentPoints: number;
  redemptionCode: string;
  expiresAt: Date;
}

/** Spends the reward's points (the database's cost, never the client's) and issues a code. */
export async function redeemReward(db: Db, userId: number, rewardId: number, now = new Date()): Promise<RedeemResult> {
  return await db.transaction(async (tx) => {
    const locked = await tx.execute(sql`select id from ${users} where ${users.id} = ${userId} for update`);
    if (!rowsOf(locked).length) throw new NotFoundError("Account not found");

    const [row] = await tx.select().from(loyaltyRewards).where(eq(loyaltyRewards.id, rewardId));
    if (!row) throw new NotFoundError(REWARD_NOT_FOUND);
    if (!row.isActive) throw new ConflictError(REWARD_UNAVAILABLE);
    if (row.expiresAt && row.expiresAt <= now) throw new ConflictError(REWARD_EXPIRED);
    const reward = rewardOf(row);

    const balance = await pointsBalance(tx, userId);
    // A balance below zero is a debt from a refund (docs/decisions/0057): nothing is redeemed, even
    // a reward costing nothing, until points earned have paid it off.
    if (balance < reward.pointsCost || balance < 0) {
      throw new ConflictError(insufficientPointsMessage(reward.pointsCost - balance), {
        code: ERROR_CODES.insufficientPoints,
      });
    }

    const code = await unusedCode(tx);
    const expiresAt = new Date(now.getTime() + REDEMPTION_VALID_DAYS * 86_400_000);
    const [redemption] = await tx.insert(loyaltyRedemptions).values({
      userId,
      rewardId: reward.id,
      pointsSpent: reward.pointsCost,
      code,
      createdAt: now,
      expiresAt,
    }).returning({ id: loyaltyRedemptions.id });
    await tx.insert(loyaltyLedger).values({
      userId,
      points: -reward.pointsCost,
      reason: `Redeemed ${reward.name}`,
      referenceType: "redemption",
      referenceId: String(redemption.id),
      createdAt: now,
    });
    return { currentPoints: balance - reward.pointsCost, redemptionCode: code, expiresAt };
  });
}

async function unusedCode(db: Db): Promise<string> {
  for (let i = 0; i < 5; i++) {
    const code = redemptionCode();
    const [taken] = await db.select({ id: loyaltyRedemptions.id }).from(loyaltyRedemptions)
      .where(eq(loyaltyRedemptions.code, code));
    if (!taken) return code;
  }
  throw new ConflictError("Could not issue a redemption code. Please try again.");
}

export interface Redemption {
  id: number;
  rewardId: number;
  rewardName: string;
  code: string;
  used: boolean;
  usedAt: Date | null;
  /** Cancelled with its points given back (docs/decisions/0057); `used` is then true too. */
  voided: boolean;
  expiresAt: Date | null;
  pointsSpent: number;
  createdAt: Date;
}

/** The user's redemptions, newest first, with the reward's name and whether each was voided. */
export async function listRedemptions(db: Db, userId: number): Promise<Redemption[]> {
  return await db.select({
    id: loyaltyRedemptions.id,
    rewardId: loyaltyRedemptions.rewardId,
    rewardName: loyaltyRewards.name,
    code: loyaltyRedemptions.code,
    used: loyaltyRedemptions.used,
    usedAt: loyaltyRedemptions.usedAt,
    voided: sql<boolean>`${loyaltyLedger.id} is not null`,
    expiresAt: loyaltyRedemptions.expiresAt,
    pointsSpent: loyaltyRedemptions.pointsSpent,
    createdAt: loyaltyRedemptions.createdAt,
  }).from(loyaltyRedemptions)
    .innerJoin(loyaltyRewards, eq(loyaltyRewards.id, loyaltyRedemptions.rewardId))
    .leftJoin(
      loyaltyLedger,
      and(
        eq(loyaltyLedger.userId, loyaltyRedemptions.userId),
        eq(loyaltyLedger.referenceType, REDEMPTION_VOID),
        eq(loyaltyLedger.referenceId, sql`${loyaltyRedemptions.id}::text`),
      ),
    )
    .where(eq(loyaltyRedemptions.userId, userId))
    .orderBy(desc(loyaltyRedemptions.createdAt), desc(loyaltyRedemptions.id));
}

export interface RedemptionValidation {
  isValid: boolean;
  message: string;
  /** value: rand for fixed_amount, percent for percentage, 0 for free_shipping; maxAmount in rand or null. */
  discount: { type: DiscountType; value: number; maxAmount: number | null } | null;
}

/** The spec's check texts, shared by validate-redemption and checkout's apply. */
export const REDEMPTION_INVALID = "Invalid redemption code";
export const REDEMPTION_USED = "This redemption code has already been used";
export const REDEMPTION_EXPIRED = "This redemption code has expired";
/** A code voided when a refund took back its points, or to pay a negative balance (docs/decisions/0057). */
export const REDEMPTION_VOIDED = "This redemption code was cancelled and its points returned to your balance";

/** A redemption the customer may spend now, with the reward it is for. */
export interface UsableRedemption {
  id: number;
  code: string;
  reward: Reward;
}

/**
 * The user's own, unused, unexpired redemption for this code; a ValidationError with the spec's
 * message otherwise (another customer's code is simply invalid). With `lock`, the redemption row is
 * locked until the caller's transaction ends, so one code is never spent on two orders.
 */
export async function usableRedemption(
  db: Db,
  userId: number,
  rawCode: string,
  now = new Date(),
  opts: { lock?: boolean } = {},
): Promise<UsableRedemption> {
  const code = rawCode.trim().toUpperCase();
  if (!code) throw new ValidationError(EMPTY_REDEMPTION_CODE);
  const query = db.select({ redemption: loyaltyRedemptions, reward: loyaltyRewards })
    .from(loyaltyRedemptions)
    .innerJoin(loyaltyRewards, eq(loyaltyRewards.id, loyaltyRedemptions.rewardId))
    .where(and(eq(loyaltyRedemptions.code, code), eq(loyaltyRedemptions.userId, userId)));
  const [row] = opts.lock ? await query.for("update", { of: loyaltyRedemptions }) : await query;
  if (!row) throw new ValidationError(REDEMPTION_INVALID);
  if (row.redemption.used) {
    throw new ValidationError(await isVoided(db, row.redemption) ? REDEMPTION_VOIDED : REDEMPTION_USED);
  }
  if (row.redemption.expiresAt && row.redemption.expiresAt <= now) throw new ValidationError(REDEMPTION_EXPIRED);
  return { id: row.redemption.id, code: row.redemption.code, reward: rewardOf(row.reward) };
}

/** Whether a code is one of the user's own, unused and unexpired (another customer's code is simply invalid). */
export async function validateRedemption(
  db: Db,
  userId: number,
  rawCode: string,
  now = new Date(),
): Promise<RedemptionValidation> {
  if (!rawCode.trim()) throw new ValidationError(EMPTY_REDEMPTION_CODE);
  let reward: Reward;
  try {
    reward = (await usableRedemption(db, userId, rawCode, now)).reward;
  } catch (err) {
    if (err instanceof ValidationError) return { isValid: false, message: err.message, discount: null };
    throw err;
  }
  const value = toRand(reward.discountValueCents);
  return {
    isValid: true,
    message: `Redemption code is valid: ${reward.name}`,
    discount: {
      type: reward.discountType,
      value,
      // Only a fixed amount has a ceiling the database knows (its own value).
      maxAmount: reward.discountType === "fixed_amount" ? value : null,
    },
  };
}

/** Marks the redemption spent on this order (the caller holds its lock, see usableRedemption). */
export async function markRedemptionUsed(db: Db, redemptionId: number, orderId: number, now: Date): Promise<void> {
  await db.update(loyaltyRedemptions).set({ used: true, usedAt: now, orderId })
    .where(eq(loyaltyRedemptions.id, redemptionId));
}

/**
 * A cancelled order gives its reward code back: the customer can use it on another order, unless
 * their balance is below zero, when the code is voided and its points pay that debt instead
 * (docs/decisions/0057). Takes no lock on the user (the caller holds the order's, and placing an
 * order takes the user's first).
 */
export async function releaseOrderRedemptions(db: Db, orderId: number, now = new Date()): Promise<void> {
  const released = await db.update(loyaltyRedemptions).set({ used: false, usedAt: null, orderId: null })
    .where(eq(loyaltyRedemptions.orderId, orderId))
    .returning({
      id: loyaltyRedemptions.id,
      userId: loyaltyRedemptions.userId,
      code: loyaltyRedemptions.code,
      pointsSpent: loyaltyRedemptions.pointsSpent,
      expiresAt: loyaltyRedemptions.expiresAt,
    });
  for (const code of released) await voidReleasedCodeInDebt(db, code, now);
}

/**
 * A cancelled order paid late takes its code back, if the code is still unused. Returns false when
 * it was meanwhile spent on another order (the caller decides what to do about the overrun).
 */
export async function retakeRedemption(
  db: Db,
  { userId, code, orderId, now }: { userId: number; code: string; orderId: number; now: Date },
): Promise<boolean> {
  const taken = await db.update(loyaltyRedemptions).set({ used: true, usedAt: now, orderId })
    .where(and(
      eq(loyaltyRedemptions.code, code),
      eq(loyaltyRedemptions.userId, userId),
      or(eq(loyaltyRedemptions.used, false), eq(loyaltyRedemptions.orderId, orderId)),
    ))
    .returning({ id: loyaltyRedemptions.id });
  return taken.length > 0;
}
