/** GET /track-order: the form, and with ?orderNumber=&email= the result of the lookup. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { trackOrder, trackOrderQuery } from "../../domains/orders/mod.ts";
import { TrackOrderView, type TrackResult } from "../../components/info/TrackOrderView.tsx";
import { renderPage } from "../render.tsx";
import { PRIVATE_CACHE_CONTROL } from "../page_cache.ts";

export async function trackOrderPage(c: Context<AppEnv>) {
  const raw = { orderNumber: c.req.query("orderNumber"), email: c.req.query("email") };
  const submitted = raw.orderNumber !== undefined || raw.email !== undefined;
  const values = { orderNumber: raw.orderNumber?.slice(0, 100) ?? "", email: raw.email?.slice(0, 300) ?? "" };
  const errors: { orderNumber?: string; email?: string } = {};
  let result: TrackResult = null;
  if (submitted) {
    const parsed = trackOrderQuery.safeParse(values);
    if (parsed.success) {
      const order = await trackOrder(c.var.db, parsed.data);
      result = order ? { kind: "found", order } : { kind: "not-found" };
    } else {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof errors;
        errors[field] ??= issue.message;
      }
    }
    // A result names a customer's order: keep it out of shared caches and browser history caches.
    c.header("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  return renderPage(c, {
    head: {
      title: "Track Your Order",
      description: "Check the status of your order with your order number and e-mail address.",
      canonicalPath: "/track-order",
      noindex: submitted,
    },
    body: <TrackOrderView values={values} errors={errors} result={result} email={c.var.config.shop.contact.email} />,
    status: Object.keys(errors).length ? 400 : 200,
  });
}
