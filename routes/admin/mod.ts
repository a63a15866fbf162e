/** The admin area under /admin: one guard for the whole folder (admin and super_admin only). */
import { Hono } from "hono";
import type { AppEnv } from "../context.ts";
import { requireRole } from "../guards.ts";
import { outboxAdmin } from "./outbox.tsx";
import { dashboardAdmin } from "./dashboard.tsx";
import { facebookAdmin } from "./facebook.tsx";
import { ordersAdmin } from "./orders.tsx";
import { productAdmin } from "./products.tsx";
import { productImportAdmin } from "./product_import.tsx";
import { productEditAdmin } from "./product_edit.tsx";
import { productStockAdmin } from "./product_stock.tsx";
import { categoryAdmin } from "./categories.tsx";
import { productImagesAdmin } from "./product_images.tsx";
import { categoryImageAdmin } from "./category_image.tsx";
import { couponsAdmin } from "./coupons.tsx";
import { usersAdmin } from "./users.tsx";
import { settingsAdmin } from "./settings.tsx";
import { auditAdmin } from "./audit.tsx";
import { reviewsAdmin } from "./reviews.tsx";
import { recommendationsAdmin } from "./recommendations.tsx";
import { animalsAdmin } from "./animals.tsx";
import { jobsAdmin } from "./jobs.tsx";

export function adminRoutes() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.route("/", dashboardAdmin());
  app.route("/outbox", outboxAdmin());
  app.route("/facebook", facebookAdmin());
  app.route("/", ordersAdmin());
  app.route("/products", productImportAdmin());
  app.route("/products", productAdmin());
  app.route("/products", productEditAdmin());
  app.route("/products", productStockAdmin());
  app.route("/categories", categoryAdmin());
  app.route("/products", productImagesAdmin());
  app.route("/categories", categoryImageAdmin());
  app.route("/coupons", couponsAdmin());
  app.route("/users", usersAdmin());
  app.route("/settings", settingsAdmin());
  app.route("/audit", auditAdmin());
  app.route("/reviews", reviewsAdmin());
  app.route("/recommendations", recommendationsAdmin());
  app.route("/animals", animalsAdmin());
  app.route("/jobs", jobsAdmin());
  return app;
}
