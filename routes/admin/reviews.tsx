/**
 * /admin/reviews: the moderation queue (?status=pending|approved|rejected, ?page=) and
 * POST /admin/reviews/{id}/status (approve, or reject with a reason) answering with a redirect and a
 * toast. Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { listForModeration, moderateReview, moderationBody, moderationQuery } from "../../domains/reviews/mod.ts";
import { ReviewQueue } from "../../components/admin/reviews/ReviewQueue.tsx";
import { AppError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { currentUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { validationError } from "../validate.ts";
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

  app.post("/:id{[0-9]{1,10}}/status", adminBodyLimit(), async (c) => {
    const id = parseId(c.req.param("id"), "Review id");
    const back = moderationQuery.safeParse(c.req.query());
    const list = back.success ? back.data : {};
    const to = `/admin/reviews?status=${list.status ?? "pending"}${list.page ? `&page=${list.page}` : ""}`;
    const form = await c.req.parseBody();
    try {
      const body = moderationBody.safeParse({
        status: form.status,
        ...(typeof form.reason === "string" && form.reason.trim() ? { reason: form.reason } : {}),
      });
      if (!body.success) throw validationError(body.error);
      await moderateReview(c.var.db, {
        reviewId: id,
        staffId: currentUser(c).id,
        status: body.data.status,
        reason: body.data.reason,
        siteUrl: c.var.config.siteUrl,
        shopName: c.var.config.shop.name,
      });
      setFlash(c, {
        title: body.data.status === "approved" ? "Review approved" : "Review rejected",
        description: body.data.status === "approved"
          ? "It is now shown on the product page."
          : "The author has been e-mailed the reason.",
        variant: "success",
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      setFlash(c, { title: "Review not updated", description: err.message, variant: "destructive" });
    }
    return c.redirect(to, 303);
  });
  return app;
}
