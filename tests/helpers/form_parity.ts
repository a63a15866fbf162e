/**
 * What the form parity tests share (tests/http/form_parity_test.ts and form_parity_staff_test.ts):
 * a client that notes the forms it posts, and the route table's form routes that no noted post
 * matched. Each file runs in its own module, so each notes its own posts; the route paths the staff
 * file compares are listed here for the first file's check that every form route is compared.
 */
import type { Hono } from "hono";
import { formActionOf } from "../../routes/action.ts";
import type { TestClient } from "./client.ts";
import { pageText } from "./client.ts";

/**
 * The form routes tests/http/form_parity_staff_test.ts compares with their JSON routes. Its last
 * test fails unless its cases posted exactly these, so this list cannot claim a route it skips.
 */
export const COMPARED_IN_STAFF_FILE: readonly string[] = [
  "/admin/animals/:slug",
  "/admin/facebook/import",
  "/admin/facebook/token",
  "/admin/jobs/:name/run",
  "/admin/orders/:id/lines",
  "/admin/orders/new",
  "/admin/products/:id/setup-rules",
  "/admin/products/:id/setup-rules/:ruleId",
  "/admin/products/:id/setup-rules/:ruleId/delete",
  "/admin/products/import",
  "/admin/purchase-orders/:id/cancel",
  "/admin/purchase-orders/:id/close",
  "/admin/purchase-orders/:id/receive",
  "/admin/purchase-orders/:id/send",
  "/admin/purchase-orders/new",
  "/admin/recommendations/rebuild",
  "/admin/restock/receive",
  "/admin/settings",
  "/animals/:slug/essentials",
];

/** `client`, adding to `posted` each path it posts a form to (without query or fragment). */
export function noting(client: TestClient, posted: Set<string>): TestClient {
  return {
    ...client,
    postForm: (path, fields) => {
      posted.add(path.split(/[?#]/)[0]);
      return client.postForm(path, fields);
    },
  };
}

/** A route-table path as a pattern for the paths it answers (":id", ":id{[0-9]+}"). */
function pathPattern(path: string): RegExp {
  const segments = path.split("/").map((part) => {
    if (!part.startsWith(":")) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const open = part.indexOf("{");
    return open < 0 ? "[^/]+" : `(?:${part.slice(open + 1, part.lastIndexOf("}"))})`;
  });
  return new RegExp(`^${segments.join("/")}$`);
}

/** Every path the app mounts a formRoute on, and which of them one of `posted` matched. */
// deno-lint-ignore no-explicit-any
export function formRoutes(app: Hono<any>, posted: Set<string>): { matched: string[]; unmatched: string[] } {
  const forms = [
    ...new Set(app.routes.filter((r) => r.method === "POST" && formActionOf(r.handler)).map((r) => r.path)),
  ];
  if (!forms.length) throw new Error("the route table lists no form routes");
  const hit = (path: string) => [...posted].some((p) => pathPattern(path).test(p));
  return { matched: forms.filter(hit).sort(), unmatched: forms.filter((p) => !hit(p)).sort() };
}

/**
 * The words a refused form showed: the page's text for a page answered again (4xx), else the toast
 * its redirect carried in the flash cookie.
 */
export async function refusalShown(res: Response, client: TestClient): Promise<string> {
  if (res.status >= 400) return pageText(await res.text()).replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return decodeURIComponent(client.cookies.get("flash") ?? "").replaceAll("\\u0027", "'");
}
