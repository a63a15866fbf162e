/**
 * /loyalty: the loyalty programme page (a sign-in prompt for visitors, not a redirect) and its no-JS
 * form action POST /loyalty/redeem, which redeems and comes back with a toast and the new code
 * (/loyalty?code=...). The RedeemReward island does the same through /api/loyalty/redeem.
 */
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../app.ts";
import {
  goldProgress,
  listHistory,
  listRedemptions,
  listRewards,
  loyaltySchemas,
  loyaltyTier,
  pointsBalance,
  pointsToGold,
  redeemReward,
} from "../../domains/loyalty/mod.ts";
import { AppError } from "../../lib/errors.ts";
import { LoyaltyGuestView, LoyaltyView } from "../../components/loyalty/LoyaltyView.tsx";
import { currentUser, requireUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";

const noStore = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set("Cache-Control", "private, no-store");
});

const HEAD = { title: "Loyalty Programme", canonicalPath: "/loyalty", noindex: true };

export function loyaltyPages() {
  const app = new Hono<AppEnv>();
  app.use("/loyalty", noStore);
  app.use("/loyalty/*", noStore);

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

  app.post("/loyalty/redeem", requireUser(), async (c) => {
    const body = await c.req.parseBody();
    const parsed = loyaltySchemas.redeemBody.safeParse({ rewardId: body.rewardId });
    if (!parsed.success) {
      setFlash(c, { title: "Redemption Failed", description: parsed.error.issues[0].message, variant: "destructive" });
      return c.redirect("/loyalty#available-rewards", 303);
    }
    try {
      const result = await redeemReward(c.var.db, currentUser(c).id, parsed.data.rewardId);
      setFlash(c, {
        title: "Reward Redeemed Successfully!",
        description: `Your code is ${result.redemptionCode}.`,
        variant: "success",
      });
      return c.redirect(`/loyalty?code=${encodeURIComponent(result.redemptionCode)}#my-redemptions`, 303);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const title = /^You need \d+ more points/.test(err.message) ? "Insufficient Points" : "Redemption Failed";
      setFlash(c, { title, description: err.message, variant: "destructive" });
      return c.redirect("/loyalty#available-rewards", 303);
    }
  });
  return app;
}
