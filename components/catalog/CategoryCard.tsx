/** A category tile with its image, or its generated banner when it has none or the image fails. */
import { ProductImage } from "./ProductImage.tsx";

export interface CategoryCardData {
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  productCount: number;
}

export function CategoryCard({ category, compact = false }: { category: CategoryCardData; compact?: boolean }) {
  const href = `/category/${category.slug}`;
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      {/* On the full card the image repeats the name's link: out of the tab order and hidden from screen readers. */}
      <a
        href={href}
        tabIndex={compact ? undefined : -1}
        aria-hidden={compact ? undefined : true}
        className="block"
      >
        <ProductImage
          src={category.image}
          name={category.name}
          alt=""
          width={compact ? 240 : 400}
          height={compact ? 160 : 200}
          sizes={compact
            ? "(min-width: 1024px) 240px, 50vw"
            : "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"}
          className={`w-full ${compact ? "aspect-[3/2]" : "aspect-[2/1]"}`}
        />
        {compact ? <h3 className="p-3 text-sm font-semibold group-hover:text-green-800">{category.name}</h3> : null}
      </a>
      {compact ? null : (
        <div className="flex flex-1 flex-col p-5">
          <h2 className="text-lg font-bold">
            <a href={href} className="hover:text-green-800">{category.name}</a>
          </h2>
          <p className="mt-2 flex-1 text-sm text-stone-600">
            {category.description || `Browse our selection of ${category.name}`}
          </p>
          <p className="mt-3 text-xs text-stone-500">
            {`${category.productCount} ${category.productCount === 1 ? "product" : "products"}`}
          </p>
          <a
            href={href}
            className="mt-4 inline-block rounded-lg bg-green-800 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-green-900"
          >
            View Products
          </a>
        </div>
      )}
    </article>
  );
}
