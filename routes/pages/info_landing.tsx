/**
 * The lazily loaded PVC enclosures landing page. GET /landing/pvc-enclosures renders a shell whose
 * LandingLoader island fetches GET /landing/pvc-enclosures/content (an HTML fragment). Without
 * JavaScript, a <noscript> link opens ?view=full, the same content rendered in place.
 */
import type { Context } from "hono";
import { renderToStaticMarkup } from "react-dom/server";
import type { AppEnv } from "../context.ts";
import { categoryTreeIds, listProducts } from "../../domains/catalog/mod.ts";
import { toCardData } from "../../components/catalog/ProductCard.tsx";
import { PVC_LANDING, PvcLandingContent } from "../../components/info/PvcLanding.tsx";
import { Breadcrumbs } from "../../components/ui/Breadcrumbs.tsx";
import { Island } from "../../lib/islands.tsx";
import LandingLoader from "../../islands/LandingLoader.tsx";
import { renderPage } from "../render.tsx";
import { siteShop } from "../shop_info.ts";

const ENCLOSURES_SLUG = "enclosures-housing";

/** The PVC enclosures in the enclosures category (and its sub-categories), cheapest first. */
async function pvcEnclosures(c: Context<AppEnv>) {
  const enclosures = (await c.var.caches.categories.get()).find((x) => x.slug === ENCLOSURES_SLUG);
  if (!enclosures) return [];
  const page = await listProducts(c.var.db, {
    categoryIds: await categoryTreeIds(c.var.db, enclosures.id),
    sort: "price_asc",
    limit: 100,
  });
  return page.items.filter((p) => /\bPVC\b/i.test(p.name)).map(toCardData);
}

async function landingContent(c: Context<AppEnv>) {
  return (
    <PvcLandingContent
      products={await pvcEnclosures(c)}
      freeShippingCents={(await siteShop(c)).freeShippingThresholdCents}
    />
  );
}

export async function pvcLandingPage(c: Context<AppEnv>) {
  const full = c.req.query("view") === "full";
  return renderPage(c, {
    head: { title: PVC_LANDING.title, description: PVC_LANDING.description, canonicalPath: PVC_LANDING.path },
    body: (
      <div className="mx-auto max-w-7xl px-4 py-6">
        <Breadcrumbs items={[{ label: "Home", href: "/" }, { label: PVC_LANDING.title }]} />
        <div className="mt-5 min-h-[60vh]">
          {full ? await landingContent(c) : (
            <>
              <noscript>
                <style>{"[data-landing-loading]{display:none}"}</style>
                <p className="rounded-2xl border border-stone-200 bg-white p-6 text-stone-700">
                  This page loads with JavaScript.{" "}
                  <a href={`${PVC_LANDING.path}?view=full`} className="font-semibold text-green-800 underline">
                    Open the PVC enclosures page
                  </a>
                </p>
              </noscript>
              <Island
                name="LandingLoader"
                component={LandingLoader}
                props={{
                  src: PVC_LANDING.contentPath,
                  loadingText: PVC_LANDING.loadingText,
                  fallbackHref: `${PVC_LANDING.path}?view=full`,
                }}
              />
            </>
          )}
        </div>
      </div>
    ),
  });
}

/** The landing page's content as an HTML fragment for the island. */
export async function pvcLandingContent(c: Context<AppEnv>) {
  c.header("Cache-Control", "private, max-age=60");
  c.header("X-Robots-Tag", "noindex");
  return c.html(renderToStaticMarkup(await landingContent(c)));
}
