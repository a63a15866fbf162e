/** /test-stripe (spec "Test payment page"): open to everyone; the TestPayment island does the work. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { Island } from "../../lib/islands.tsx";
import TestPayment from "../../islands/TestPayment.tsx";
import { renderPage } from "../render.tsx";

export function testStripePages() {
  const app = new Hono<AppEnv>();
  app.get("/test-stripe", (c) => {
    c.header("Cache-Control", "no-store");
    return renderPage(c, {
      head: {
        title: "Stripe Payment Test",
        description: "Try the shop's card payment flow with a test amount. No real payments are processed.",
        canonicalPath: "/test-stripe",
        noindex: true,
      },
      body: <Island name="TestPayment" component={TestPayment} props={{}} />,
    });
  });
  return app;
}
