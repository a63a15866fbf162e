/** The loyalty domain's public surface (so far: points earned by paid orders, and the balance). */
export { awardOrderPoints, pointsBalance, pointsForPaidTotal } from "./ledger.ts";
