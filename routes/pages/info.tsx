/** Information pages, order tracking, the landing page, sitemap.xml and robots.txt. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { infoPages, renderInfoPage } from "./info_pages.tsx";
import { trackOrderPage } from "./info_track.tsx";
import { pvcLandingContent, pvcLandingPage } from "./info_landing.tsx";
import { pagesSitemapXml, productsSitemapXml, robotsTxt, sitemapXml } from "./info_seo.ts";

export function infoRoutes() {
  const app = new Hono<AppEnv>();
  for (const page of infoPages) app.get(page.path, (c) => renderInfoPage(c, page));
  app.get("/track-order", trackOrderPage);
  app.get("/landing/pvc-enclosures", pvcLandingPage);
  app.get("/landing/pvc-enclosures/content", pvcLandingContent);
  app.get("/sitemap.xml", sitemapXml);
  app.get("/sitemaps/pages.xml", pagesSitemapXml);
  app.get("/sitemaps/:file", productsSitemapXml);
  app.get("/robots.txt", robotsTxt);
  return app;
}
