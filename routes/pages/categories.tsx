/** GET /categories: every category as a card. */
import type { Context } from "hono";
import type { AppEnv } from "../../app.ts";
import { listCategories } from "../../domains/catalog/mod.ts";
import { CategoryCard } from "../../components/catalog/CategoryCard.tsx";
import { renderPage } from "../render.tsx";

export async function categoriesPage(c: Context<AppEnv>) {
  const categories = await listCategories(c.var.db);
  return renderPage(c, {
    head: {
      title: "Browse Categories",
      description: "Every category of reptile and amphibian supplies we stock, from enclosures to health care.",
      canonicalPath: "/categories",
    },
    body: (
      <div className="mx-auto max-w-7xl px-4 py-8">
        <h1 className="text-3xl font-extrabold tracking-tight">Browse Categories</h1>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((x) => (
            <li key={x.slug}>
              <CategoryCard category={x} />
            </li>
          ))}
        </ul>
      </div>
    ),
  });
}
