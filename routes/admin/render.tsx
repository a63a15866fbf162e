/** Renders an admin page in the admin layout (its own frame, not the storefront's). */
import type { Context } from "hono";
import type { ReactElement } from "react";
import type { AppEnv } from "../context.ts";
import { HeadTags } from "../../lib/head.tsx";
import { renderDocument } from "../../lib/document.ts";
import { AdminLayout } from "../../components/admin/AdminLayout.tsx";
import { takeFlash } from "../flash.ts";
import { currentUser } from "../guards.ts";

export function renderAdminPage(
  c: Context<AppEnv>,
  page: { title: string; active: string; body: ReactElement; status?: 200 | 400 | 403 | 404 | 409 },
) {
  const { config, deps } = c.var;
  const html = renderDocument({
    head: (
      <HeadTags
        head={{ title: `${page.title} · Admin`, canonicalPath: c.req.path, noindex: true }}
        siteUrl={config.siteUrl}
        siteName={config.shop.name}
        defaultDescription={config.shop.description}
        defaultImage={config.shop.defaultImage}
      />
    ),
    body: (
      <AdminLayout
        shopName={config.shop.name}
        username={currentUser(c).username}
        active={page.active}
        toast={takeFlash(c)}
      >
        {page.body}
      </AdminLayout>
    ),
    assets: deps.assets,
    bodyClass: "bg-stone-100 text-stone-900 antialiased",
  });
  c.header("Cache-Control", "no-store");
  return c.html(html, page.status ?? 200);
}
