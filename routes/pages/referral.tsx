/** /referral: the signed-in customer's referral code, share link and referrals (visitors are sent to sign in). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { ReferralView } from "../../components/loyalty/ReferralView.tsx";
import { referralOverview } from "../api/referrals.ts";
import { requireUser } from "../guards.ts";
import { renderPage } from "../render.tsx";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

export function referralPages() {
  const app = new Hono<AppEnv>();
  app.get("/referral", requireUser(), async (c) => {
    c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
    return renderPage(c, {
      head: { title: "Refer a Friend", canonicalPath: "/referral", noindex: true },
      body: <ReferralView data={await referralOverview(c)} />,
    });
  });
  return app;
}
