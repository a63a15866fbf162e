/**
 * /admin/reviews: the moderation queue (?status=pending|approved|rejected, ?page=) and
 * POST /admin/reviews/{id}/status (approve, or reject with a reason) answering with a redirect and a
 * toast. Guarded by routes/admin/mod.ts.
 */
import { type Context, Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listForModeration, moderationQuery } from "../../domains/reviews/mod.ts";
import { ReviewQueue } from "../../components/admin/reviews/ReviewQueue.tsx";
import { setFlash } from "../flash.ts";
import { formRoute } from "../action.ts";
import { moderateReviewAction } from "../api/reviews.ts";
import { renderAdminPage } from "./render.tsx";

export function reviewsAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const parsed = moderationQuery.safeParse(c.req.query());
    const query = parsed.success ? parsed.data : {};
    const status = query.status ?? "pending";
    const result = await listForModeration(c.var.db, { status, page: query.page });
    return renderAdminPage(c, {
      title: "Reviews",
      active: "/admin/reviews",
      body: <ReviewQueue result={result} status={status} />,
    });
  });

  /** Back to the list the moderator was on (its status tab and page). */
  const backTo = (c: Context<AppEnv>) => {
    const back = moderationQuery.safeParse(c.req.query());
    const list = back.success ? back.data : {};
    return `/admin/reviews?status=${list.status ?? "pending"}${list.page ? `&page=${list.page}` : ""}`;
  };
  // The form twin of POST /api/admin/reviews/{id}/status.
  formRoute(app, moderateReviewAction, {
    path: "/:id{[0-9]{1,10}}/status",
    input: (form) => ({
      status: form.status,
      ...(typeof form.reason === "string" && form.reason.trim() ? { reason: form.reason } : {}),
    }),
    onSuccess: (c, { status }) => {
      setFlash(c, {
        title: status === "approved" ? "Review approved" : "Review rejected",
        description: status === "approved"
          ? "It is now shown on the product page."
          : "The author has been e-mailed the reason.",
        variant: "success",
      });
      return c.redirect(backTo(c), 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Review not updated", description: err.message, variant: "destructive" });
      return c.redirect(backTo(c), 303);
    },
  });
  return app;
}
