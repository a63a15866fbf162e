/**
 * The newsletter's pages: the no-JavaScript sign-up post, confirmation, and unsubscribe. The links
 * in our e-mails only open pages; a button (a POST, checked by the same-origin guard) does the
 * confirming or unsubscribing, because mail scanners open every link (decision 0012).
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { ReactNode } from "react";
import type { AppEnv } from "../context.ts";
import { confirmationPending, WELCOME_CODE } from "../../domains/newsletter/mod.ts";
import { ValidationError } from "../../lib/errors.ts";
import { formRoute } from "../action.ts";
import { confirmNewsletterAction, subscribeAction, unsubscribeNewsletterAction } from "../api/newsletter.ts";
import { setFlash } from "../flash.ts";
import { refererPath } from "../guards.ts";
import { renderPage } from "../render.tsx";

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold">{title}</h1>
      <div className="mt-4 space-y-3 text-stone-700">{children}</div>
    </section>
  );
}

function invalidConfirmLink(c: Context<AppEnv>) {
  return renderPage(c, {
    status: 400,
    head: { title: "Link not valid", canonicalPath: "/newsletter/confirm", noindex: true },
    body: (
      <Message title="This link is not valid">
        <p>It may have been used already. Sign up again from the home page to get a new one.</p>
      </Message>
    ),
  });
}

export function newsletterPages() {
  const app = new Hono<AppEnv>();

  // The footer's form without JavaScript: the same action as the island's POST /api/newsletter.
  formRoute(app, subscribeAction, {
    path: "/newsletter",
    input: (fields) => ({ email: fields.email ?? "", source: fields.source || undefined }),
    onSuccess: (c, result) => {
      setFlash(c, { title: result.message, description: result.description, variant: "success" });
      return c.redirect(refererPath(c, "/"), 303);
    },
    onError: (c, err) => {
      setFlash(
        c,
        err instanceof ValidationError
          ? { title: "Invalid email", description: "Please enter a valid email address.", variant: "destructive" }
          : { title: "Subscription failed", description: err.message, variant: "destructive" },
      );
      return c.redirect(refererPath(c, "/"), 303);
    },
  });

  app.get("/newsletter/confirm", async (c) => {
    const token = c.req.query("token") ?? "";
    if (!(await confirmationPending(c.var.db, token))) return invalidConfirmLink(c);
    return renderPage(c, {
      head: { title: "Confirm subscription", canonicalPath: "/newsletter/confirm", noindex: true },
      body: (
        <Message title="Confirm your subscription">
          <p>Press the button to join our newsletter and get your code for 10% off your first order.</p>
          <form method="post" action="/newsletter/confirm">
            <input type="hidden" name="token" value={token} />
            <button
              type="submit"
              className="rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
            >
              Confirm subscription
            </button>
          </form>
        </Message>
      ),
    });
  });

  formRoute(app, confirmNewsletterAction, {
    path: "/newsletter/confirm",
    onSuccess: (c) =>
      renderPage(c, {
        head: { title: "Subscription confirmed", canonicalPath: "/newsletter/confirm", noindex: true },
        body: (
          <Message title="You're subscribed">
            <p>Thank you for confirming. Your code for 10% off your first order is</p>
            <p className="text-3xl font-black tracking-widest text-green-800">{WELCOME_CODE}</p>
            <p>We have e-mailed it to you as well.</p>
          </Message>
        ),
      }),
    onError: (c) => invalidConfirmLink(c),
  });

  app.get("/newsletter/unsubscribe", (c) =>
    renderPage(c, {
      head: { title: "Unsubscribe", canonicalPath: "/newsletter/unsubscribe", noindex: true },
      body: (
        <Message title="Unsubscribe from our newsletter">
          <p>Press the button to stop receiving our newsletter.</p>
          <form method="post" action="/newsletter/unsubscribe">
            <input type="hidden" name="token" value={c.req.query("token") ?? ""} />
            <button
              type="submit"
              className="rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
            >
              Unsubscribe
            </button>
          </form>
        </Message>
      ),
    }));

  const unsubscribed = (c: Context<AppEnv>, ok: boolean) =>
    renderPage(c, {
      status: ok ? 200 : 400,
      head: { title: "Unsubscribe", canonicalPath: "/newsletter/unsubscribe", noindex: true },
      body: (
        <Message title={ok ? "You have been unsubscribed" : "This link is not valid"}>
          <p>
            {ok
              ? "You will not receive our newsletter any more."
              : "Use the link in the most recent newsletter you received."}
          </p>
        </Message>
      ),
    });
  // The page's button posts the token as a field; a mail client's one-click unsubscribe (the
  // List-Unsubscribe-Post header, RFC 8058) posts "List-Unsubscribe=One-Click" to the link itself.
  formRoute(app, unsubscribeNewsletterAction, {
    path: "/newsletter/unsubscribe",
    input: (fields, c) => ({ token: fields.token ?? c.req.query("token") ?? "" }),
    onSuccess: (c) => unsubscribed(c, true),
    onError: (c) => unsubscribed(c, false),
  });
  return app;
}
