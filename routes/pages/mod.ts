/** Storefront HTML pages. */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { homePage } from "./home.tsx";
import { categoriesPage } from "./categories.tsx";
import { categoryPage, featuredPage, newPage, offersPage, searchPage, shopAllPage } from "./listing.tsx";
import { productPage } from "./product.tsx";
import { reviewFormRoutes } from "./product_reviews.ts";
import { animalPages } from "./animals.tsx";

export function pageRoutes() {
  const app = new Hono<AppEnv>();
  app.get("/", homePage);
  app.get("/categories", categoriesPage);
  app.get("/category/:slug", categoryPage);
  app.get("/products", shopAllPage);
  app.get("/featured", featuredPage);
  app.get("/new", newPage);
  app.get("/offers", offersPage);
  app.get("/search", searchPage);
  app.get("/product/:slug", productPage);
  app.route("/product", reviewFormRoutes());
  app.route("/", animalPages());
  return app;
}
