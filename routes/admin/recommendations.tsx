/** GET /admin/recommendations (the stored lists) and POST /admin/recommendations/rebuild. Guarded by routes/admin/mod.ts. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { recommendationSummary } from "../../domains/recommendations/mod.ts";
import { formRoute } from "../action.ts";
import { rebuildAction } from "../api/recommendations.ts";
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
  // The form twin of POST /api/admin/recommendations/rebuild.
  formRoute(app, rebuildAction, {
    path: "/rebuild",
    onSuccess: (c, { counts }) => {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      setFlash(c, { title: "Recommendations rebuilt", description: `${total} entries stored.`, variant: "success" });
      return c.redirect("/admin/recommendations", 303);
    },
    onError: (_c, err) => {
      throw err;
    },
  });
  return app;
}
