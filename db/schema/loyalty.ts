/** Loyalty rewards, redemptions, the points ledger and referrals. */
import { boolean, index, integer, pgTable, serial, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { money, tstz } from "./columns.ts";
import { users } from "./accounts.ts";
import { orders } from "./commerce.ts";

export const loyaltyRewards = pgTable("loyalty_rewards", {
  id: serial().primaryKey(),
  code: varchar({ length: 40 }).notNull().unique(),
  name: varchar({ length: 100 }).notNull(),
  description: text(),
  pointsCost: integer().notNull(),
  discountValue: money().notNull(),
  /** percentage, fixed_amount or free_shipping. */
  discountType: varchar({ length: 20 }).notNull().default("fixed_amount"),
  isActive: boolean().notNull().default(true),
  createdAt: tstz().notNull().defaultNow(),
  expiresAt: tstz(),
}, (t) => [index().on(t.isActive)]);

export const loyaltyRedemptions = pgTable("loyalty_redemptions", {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  rewardId: integer().notNull().references(() => loyaltyRewards.id, { onDelete: "restrict" }),
  pointsSpent: integer().notNull(),
  code: varchar({ length: 40 }).notNull().unique(),
  used: boolean().notNull().default(false),
  usedAt: tstz(),
  /** The order the code was applied to, once used. */
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
  createdAt: tstz().notNull().defaultNow(),
  expiresAt: tstz(),
}, (t) => [index().on(t.userId), index().on(t.rewardId), index().on(t.orderId)]);

/** Every change to a balance is one row; the balance is their sum. */
export const loyaltyLedger = pgTable("loyalty_ledger", {
  id: serial().primaryKey(),
  userId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  points: integer().notNull(),
  reason: text().notNull(),
  referenceId: varchar({ length: 64 }),
  /** order, review, review_vote, referral, redemption, adjustment. */
  referenceType: varchar({ length: 30 }),
  createdAt: tstz().notNull().defaultNow(),
}, (t) => [
  index().on(t.userId, t.createdAt),
  // The same event never credits or debits the same user twice.
  uniqueIndex("loyalty_ledger_event_unique").on(t.userId, t.referenceType, t.referenceId)
    .where(sql`${t.referenceId} is not null`),
]);

/**
 * Referrals. A customer's invitation is the row with their code and no referee (one per customer);
 * each friend who redeems it gets a row of their own with the same code and refereeId set (a customer
 * is referred once). status: active (invitation), pending (referee signed up), completed (the
 * referee's first order paid and the referrer credited), reversed (that order was fully refunded).
 */
export const referrals = pgTable("referrals", {
  id: serial().primaryKey(),
  referrerId: integer().notNull().references(() => users.id, { onDelete: "cascade" }),
  refereeId: integer().references(() => users.id, { onDelete: "set null" }),
  code: varchar({ length: 40 }).notNull(),
  status: varchar({ length: 20 }).notNull().default("pending"),
  discountAmount: money(),
  discountType: varchar({ length: 20 }).notNull().default("percentage"),
  dateCreated: tstz().notNull().defaultNow(),
  dateUsed: tstz(),
  dateExpires: tstz(),
  firstOrderCompleted: boolean().notNull().default(false),
  referrerRewarded: boolean().notNull().default(false),
  /** The referee's first paid order, which earned the referrer their points. */
  orderId: integer().references(() => orders.id, { onDelete: "set null" }),
}, (t) => [
  index().on(t.referrerId),
  index().on(t.status),
  index().on(t.code),
  index().on(t.orderId),
  uniqueIndex("referrals_invitation_code_unique").on(t.code).where(sql`${t.refereeId} is null`),
  uniqueIndex("referrals_one_invitation_per_referrer").on(t.referrerId).where(sql`${t.refereeId} is null`),
  uniqueIndex("referrals_referee_unique").on(t.refereeId).where(sql`${t.refereeId} is not null`),
]);
