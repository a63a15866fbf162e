/**
 * /loyalty: the loyalty programme page (a sign-in prompt for visitors, not a redirect) and its no-JS
 * form action POST /loyalty/redeem, which redeems and comes back with a toast and the new code
 * (/loyalty?code=...). The RedeemReward island does the same through /api/loyalty/redeem.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import {
  goldProgress,
  listHistory,
  listRedemptions,
  listRewards,
  loyaltyTier,
  pointsBalance,
  pointsToGold,
} from "../../domains/loyalty/mod.ts";
import { LoyaltyGuestView, LoyaltyView } from "../../components/loyalty/LoyaltyView.tsx";
import { formRoute } from "../action.ts";
import { redeemRewardAction } from "../api/loyalty.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { ERROR_CODES } from "../../lib/errors.ts";
import { privateNoStore } from "../page_cache.ts";

const HEAD = { title: "Loyalty Programme", canonicalPath: "/loyalty", noindex: true };

export function loyaltyPages() {
  const app = new Hono<AppEnv>();
  app.use("/loyalty", privateNoStore);
  app.use("/loyalty/*", privateNoStore);

  app.get("/loyalty", async (c) => {
    const db = c.var.db;
    const now = new Date();
    const user = c.var.user;
    if (!user) return renderPage(c, { head: HEAD, body: <LoyaltyGuestView rewards={await listRewards(db, now)} /> });
    const [balance, history, rewards, redemptions] = await Promise.all([
      pointsBalance(db, user.id),
      listHistory(db, user.id),
      listRewards(db, now),
      listRedemptions(db, user.id),
    ]);
    const code = c.req.query("code")?.trim().toUpperCase();
    return renderPage(c, {
      head: HEAD,
      body: (
        <LoyaltyView
          data={{
            balance,
            tier: loyaltyTier(balance),
            progressPercent: goldProgress(balance),
            pointsToGold: pointsToGold(balance),
            history,
            rewards,
            redemptions,
            justRedeemed: code ? redemptions.find((r) => r.code === code) ?? null : null,
            now,
          }}
        />
      ),
    });
  });

  // The no-JavaScript redeem button: the JSON action's guard, schema and handler; the page's flashes.
  formRoute(app, redeemRewardAction, {
    path: "/loyalty/redeem",
    input: (fields) => ({ rewardId: fields.rewardId }),
    onSuccess: (c, result) => {
      setFlash(c, {
        title: "Reward Redeemed Successfully!",
        description: `Your code is ${result.redemptionCode}.`,
        variant: "success",
      });
      return c.redirect(`/loyalty?code=${encodeURIComponent(result.redemptionCode)}#my-redemptions`, 303);
    },
    onError: (c, err) => {
      const title = err.code === ERROR_CODES.insufficientPoints ? "Insufficient Points" : "Redemption Failed";
      setFlash(c, { title, description: err.message, variant: "destructive" });
      return c.redirect("/loyalty#available-rewards", 303);
    },
  });
  return app;
}
