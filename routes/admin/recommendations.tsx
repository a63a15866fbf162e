/** GET /admin/recommendations (the stored lists) and POST /admin/recommendations/rebuild. Guarded by routes/admin/mod.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { rebuildRecommendations, recommendationSummary } from "../../domains/recommendations/mod.ts";
import { RecommendationsAdmin } from "../../components/recommendations/RecommendationsAdmin.tsx";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";

export function recommendationsAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) =>
    renderAdminPage(c, {
      title: "Recommendations",
      active: "/admin/recommendations",
      body: <RecommendationsAdmin lists={await recommendationSummary(c.var.db)} />,
    }));
  app.post("/rebuild", async (c) => {
    const counts = await rebuildRecommendations(c.var.db);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    setFlash(c, {
      title: "Recommendations rebuilt",
      description: `${total} entries stored.`,
      variant: "success",
    });
    return c.redirect("/admin/recommendations", 303);
  });
  return app;
}
