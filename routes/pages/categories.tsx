/** GET /categories: every category as a card. */
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { listCategories } from "../../domains/catalog/mod.ts";
import { CategoryCard } from "../../components/catalog/CategoryCard.tsx";
import { loadChromeOrFallback, renderPage } from "../render.tsx";
import { loadSection } from "./load_section.ts";

export async function categoriesPage(c: Context<AppEnv>) {
  const categories = await loadSection(c, "categories", () => listCategories(c.var.db));
  return renderPage(c, {
    status: categories ? 200 : 500,
    chrome: await loadChromeOrFallback(c),
    head: {
      title: "Browse Categories",
      description: "Every category of reptile and amphibian supplies we stock, from enclosures to health care.",
      canonicalPath: "/categories",
    },
    body: categories
      ? (
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
      )
      : <CategoriesError />,
  });
}

/** The spec's error view for /categories: 'Error Loading Categories' with a Return to Home link. */
function CategoriesError() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Error Loading Categories</h1>
      <p className="mt-3 text-stone-600">Failed to load categories. Please try again later.</p>
      <a
        href="/"
        className="mt-8 inline-block rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white hover:bg-green-900"
      >
        Return to Home
      </a>
    </section>
  );
}
