/**
 * Featured products carousel: 1 item under 640 px, 2 under 1024 px, 4 above. Previous and next move
 * one item and are disabled at the ends. Server-rendered at the start position.
 */
import { type CSSProperties, useEffect, useState } from "react";
import { ProductCard, type ProductCardData } from "../components/catalog/ProductCard.tsx";
import { ChevronLeftIcon, ChevronRightIcon } from "../components/ui/icons.tsx";

function itemsPerView(): number {
  if (typeof globalThis.matchMedia !== "function") return 4;
  if (globalThis.matchMedia("(min-width: 1024px)").matches) return 4;
  if (globalThis.matchMedia("(min-width: 640px)").matches) return 2;
  return 1;
}

export default function FeaturedCarousel({ items }: { items: ProductCardData[] }) {
  const [index, setIndex] = useState(0);
  const [perView, setPerView] = useState(4);

  useEffect(() => {
    const update = () => setPerView(itemsPerView());
    update();
    const queries = ["(min-width: 640px)", "(min-width: 1024px)"].map((q) => globalThis.matchMedia(q));
    queries.forEach((q) => q.addEventListener("change", update));
    return () => queries.forEach((q) => q.removeEventListener("change", update));
  }, []);

  const maxIndex = Math.max(0, items.length - perView);
  const current = Math.min(index, maxIndex);
  const button =
    "rounded-full border border-stone-300 bg-white p-2 text-stone-700 shadow-sm hover:bg-stone-100 disabled:cursor-not-allowed disabled:opacity-40";

  // A named group (the carousel pattern's other choice than a region): the page's section around it
  // is already the landmark, and a div may carry a name only with a role.
  return (
    <div className="carousel" role="group" aria-roledescription="carousel" aria-label="Featured products">
      <div className="mb-4 flex justify-end gap-2">
        <button
          type="button"
          className={button}
          aria-label="Previous products"
          disabled={current === 0}
          onClick={() => setIndex(current - 1)}
        >
          <ChevronLeftIcon />
        </button>
        <button
          type="button"
          className={button}
          aria-label="Next products"
          disabled={current >= maxIndex}
          onClick={() => setIndex(current + 1)}
        >
          <ChevronRightIcon />
        </button>
      </div>
      <div className="overflow-hidden">
        <ul
          className="carousel-track flex transition-transform duration-300 ease-out"
          style={{ "--index": current } as CSSProperties}
        >
          {items.map((p, i) => (
            <li
              key={p.id}
              className="carousel-item shrink-0 px-2"
              aria-hidden={i < current || i >= current + perView ? "true" : undefined}
              inert={i < current || i >= current + perView ? true : undefined}
            >
              <ProductCard product={p} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
