/**
 * /account and its tabs (?tab=overview|orders|wishlist|addresses|settings), each a real server-rendered
 * page, and the settings forms: POST /account/profile, /account/password, and the deletion step
 * GET/POST /account/delete. The forms work without JavaScript: success redirects back with a toast,
 * a refusal re-renders the form with its messages. /account/orders and /orders lead to the Orders tab.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { ReactElement } from "react";
import type { AppEnv } from "../context.ts";
import { addressBookSummary, listWishlist, loyaltySummary } from "../../flows/account_overview.ts";
import { listOrdersForUser, type OrderSummary } from "../../domains/orders/mod.ts";
import { documentsOfOrders } from "../../domains/tax_documents/mod.ts";
import { remindersOn } from "../../domains/animals/mod.ts";
import type { SessionUser } from "../../domains/auth/mod.ts";
import { AppError, ValidationError } from "../../lib/errors.ts";
import { logError } from "../../lib/error_log.ts";
import { ACCOUNT_TABS, AccountShell, type AccountTab, accountTabHref } from "../../components/account/AccountShell.tsx";
import { AccountOverviewPanel, type AccountProfile } from "../../components/account/AccountOverview.tsx";
import { AccountOrdersPanel } from "../../components/account/AccountOrders.tsx";
import { AccountWishlistPanel } from "../../components/account/AccountWishlist.tsx";
import { AccountAddressesPanel } from "../../components/account/AccountAddresses.tsx";
import { AccountSettingsPanel } from "../../components/account/AccountSettings.tsx";
import type { FieldErrors, FormState } from "../../components/ui/Field.tsx";
import { AccountDeleteView } from "../../components/account/AccountDelete.tsx";
import { currentUser, requireUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { renderPage } from "../render.tsx";
import { formRoute } from "../action.ts";
import { changePasswordAction, deleteAccountAction, updateProfileAction } from "../api/account.ts";
import { pick } from "../../lib/pick.ts";
import { privateNoStore } from "../page_cache.ts";
import { offersForCustomer } from "../../domains/coupons/mod.ts";

/** The overview lists this many recent orders (document 2 section 9). */
export const RECENT_ORDERS = 3;
/** The Orders tab lists at most this many (newest first). */
const ORDERS_TAB_LIMIT = 100;
const EXPORT_HREF = "/api/account/export";

const TITLES: Record<AccountTab, string> = {
  overview: "My Account",
  orders: "My Orders",
  wishlist: "My Wishlist",
  addresses: "Address Book",
  settings: "Account Settings",
};

type Status = 200 | 400 | 409 | 429;

function parseTab(raw: string | undefined): AccountTab {
  return ACCOUNT_TABS.find((t) => t.id === raw)?.id ?? "overview";
}

function profileOf(user: SessionUser): AccountProfile {
  return pick(user, ["username", "firstName", "lastName", "email", "phone", "vatNumber", "createdAt"]);
}

function page(
  c: Context<AppEnv>,
  tab: AccountTab,
  body: ReactElement,
  opts: { status?: Status; title?: string; crumbs?: { label: string; href?: string }[]; path?: string } = {},
) {
  const user = currentUser(c);
  return renderPage(c, {
    status: opts.status ?? 200,
    head: { title: opts.title ?? TITLES[tab], canonicalPath: opts.path ?? accountTabHref(tab), noindex: true },
    body: (
      <AccountShell tab={tab} greetingName={user.firstName ?? user.username} crumbs={opts.crumbs}>
        {body}
      </AccountShell>
    ),
  });
}

/** Orders for a panel; a failure shows 'Error loading orders' instead of failing the page. */
async function loadOrders(c: Context<AppEnv>, limit: number): Promise<{ orders: OrderSummary[]; failed: boolean }> {
  try {
    return { orders: await listOrdersForUser(c.var.db, currentUser(c).id, { limit }), failed: false };
  } catch (err) {
    logError("loading orders failed", err, { requestId: c.get("requestId") });
    return { orders: [], failed: true };
  }
}

async function tabBody(c: Context<AppEnv>, tab: AccountTab): Promise<ReactElement> {
  const user = currentUser(c);
  const db = c.var.db;
  switch (tab) {
    case "overview": {
      const { orders, failed } = await loadOrders(c, RECENT_ORDERS);
      const [loyalty, offers] = await Promise.all([loyaltySummary(db, user.id), offersForCustomer(db, user.id)]);
      return (
        <AccountOverviewPanel
          profile={profileOf(user)}
          orders={orders}
          ordersFailed={failed}
          loyalty={loyalty}
          offers={offers}
        />
      );
    }
    case "orders": {
      const { orders, failed } = await loadOrders(c, ORDERS_TAB_LIMIT);
      const documents = Object.fromEntries(await documentsOfOrders(db, orders.map((o) => o.id)));
      return <AccountOrdersPanel orders={orders} failed={failed} documents={documents} />;
    }
    case "wishlist":
      return <AccountWishlistPanel items={await listWishlist(db, user.id)} />;
    case "addresses":
      return <AccountAddressesPanel summary={await addressBookSummary(db, user.id)} />;
    case "settings":
      return (
        <AccountSettingsPanel
          profile={profileOf(user)}
          exportHref={EXPORT_HREF}
          cartReminders={await remindersOn(db, user.id, "cart")}
          priceAlerts={await remindersOn(db, user.id, "price")}
        />
      );
  }
}

/** The profile form's fields the action reads (the account actions' schemas are strict: nothing else goes in). */
const PROFILE_FIELDS = ["firstName", "lastName", "email", "phone", "vatNumber", "currentPassword"];

/** Field messages from a domain refusal: a ValidationError's issues, a 409 on the e-mail, or a form message. */
function refusal(err: unknown, conflictField?: string): { status: Status; state: FormState } | null {
  if (!(err instanceof AppError)) return null;
  if (err instanceof ValidationError && err.issues.length) {
    const errors: FieldErrors = {};
    for (const i of err.issues) errors[i.path || "form"] ??= i.message;
    const { form, ...fields } = errors;
    return { status: 400, state: { errors: fields, message: form } };
  }
  if (err.status === 409 && conflictField) return { status: 409, state: { errors: { [conflictField]: err.message } } };
  if (err.status === 400 || err.status === 409 || err.status === 429) {
    return { status: err.status, state: { message: err.message } };
  }
  return null;
}

/** A refusal as the form shows it; one the form cannot show (a 404, a 403) goes to the error page. */
function refused(err: AppError, conflictField?: string): { status: Status; state: FormState } {
  const r = refusal(err, conflictField);
  if (!r) throw err;
  return r;
}

async function settingsPage(
  c: Context<AppEnv>,
  forms: { profile?: FormState; password?: FormState },
  status: Status,
) {
  const user = currentUser(c);
  return page(
    c,
    "settings",
    <AccountSettingsPanel
      profile={profileOf(user)}
      profileState={forms.profile}
      passwordState={forms.password}
      exportHref={EXPORT_HREF}
      cartReminders={await remindersOn(c.var.db, user.id, "cart")}
      priceAlerts={await remindersOn(c.var.db, user.id, "price")}
    />,
    { status },
  );
}

function deletePage(c: Context<AppEnv>, state: FormState = {}, status: Status = 200) {
  return page(c, "settings", <AccountDeleteView state={state} />, {
    status,
    title: "Delete your account",
    crumbs: [{ label: "Delete account" }],
    path: "/account/delete",
  });
}

export function accountPages() {
  const app = new Hono<AppEnv>();

  // The account menu's other links to the order list (document 2, Account).
  app.get("/account/orders", (c) => c.redirect("/account?tab=orders", 303));
  app.get("/orders", (c) => c.redirect("/account?tab=orders", 303));
  // The spec's checkout sends a customer without a default address here; the address book lives at /address-book.
  app.get("/account/addresses", (c) => {
    const search = new URL(c.req.url).search;
    return c.redirect(`/address-book${search}`, 303);
  });

  for (const path of ["/account", "/account/*"]) {
    // Account pages are personal: never stored by a browser or proxy cache.
    app.use(path, privateNoStore);
    app.use(path, requireUser());
  }

  app.get("/account", async (c) => {
    const tab = parseTab(c.req.query("tab"));
    return page(c, tab, await tabBody(c, tab));
  });

  // The settings forms are the no-JavaScript twins of the account actions (routes/api/account.ts).
  formRoute(app, updateProfileAction, {
    path: "/account/profile",
    input: (fields) => pick(fields, PROFILE_FIELDS),
    onSuccess: (c) => {
      setFlash(c, { title: "Profile updated", description: "Your details have been saved.", variant: "success" });
      return c.redirect("/account?tab=settings", 303);
    },
    onError: (c, err, fields) => {
      const { currentPassword: _, ...values } = pick(fields, PROFILE_FIELDS);
      const r = refused(err, "email");
      return settingsPage(c, { profile: { values, ...r.state } }, r.status);
    },
  });

  formRoute(app, changePasswordAction, {
    path: "/account/password",
    input: (fields) => pick(fields, ["currentPassword", "newPassword", "confirmPassword"]),
    onSuccess: (c) => {
      setFlash(c, {
        title: "Password changed",
        description: "Your other devices have been signed out.",
        variant: "success",
      });
      return c.redirect("/account?tab=settings", 303);
    },
    onError: (c, err) => {
      const r = refused(err);
      return settingsPage(c, { password: r.state }, r.status);
    },
  });

  app.get("/account/delete", (c) => deletePage(c));

  formRoute(app, deleteAccountAction, {
    path: "/account/delete",
    input: (fields) => pick(fields, ["password", "confirm"]),
    onSuccess: (c) => {
      setFlash(c, {
        title: "Your account has been deleted",
        description: "Your personal details have been erased. Thank you for shopping with us.",
      });
      return c.redirect("/", 303);
    },
    onError: (c, err) => {
      const r = refused(err);
      return deletePage(c, r.state, r.status);
    },
  });

  return app;
}
