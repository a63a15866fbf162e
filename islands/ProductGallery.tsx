/**
 * The product image gallery: a main image and, with more than one image, a row of thumbnail buttons.
 * Choosing a thumbnail (click, Enter or Space; arrow keys move between thumbnails) shows it as the main
 * image. Every image sits over the generated gradient, which also stands in when there is no image.
 */
import { type KeyboardEvent, useRef, useState } from "react";
import { ProductImage } from "../components/catalog/ProductImage.tsx";
import { Badges } from "../components/catalog/Badges.tsx";

export interface ProductGalleryProps {
  name: string;
  images: string[];
  /** Staff's alt text by image URL; an image without one is described by the product's name. */
  alts?: Record<string, string>;
  isNew: boolean;
  onSale: boolean;
}

/** One gallery per page; a fixed id, since useId() differs between the page render and the island's own root. */
const MAIN_ID = "product-gallery-main";

export default function ProductGallery({ name, images, alts = {}, isNew, onSale }: ProductGalleryProps) {
  const list: (string | null)[] = images.length ? images : [null];
  const [active, setActive] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, list.length - 1);

  function onKey(e: KeyboardEvent, i: number) {
    const step = e.key === "ArrowRight" || e.key === "ArrowDown"
      ? 1
      : e.key === "ArrowLeft" || e.key === "ArrowUp"
      ? -1
      : 0;
    const target = e.key === "Home" ? 0 : e.key === "End" ? list.length - 1 : step ? i + step : -1;
    if (target < 0 || target >= list.length) return;
    e.preventDefault();
    setActive(target);
    thumbs.current[target]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        id={MAIN_ID}
        className="relative overflow-hidden rounded-2xl border border-stone-200 bg-white"
        data-gallery-main
        data-index={current}
      >
        <ProductImage
          src={list[current]}
          name={name}
          alt={(list[current] && alts[list[current]!]) || name}
          className="aspect-square w-full"
          eager
          sizes="(min-width: 1024px) 600px, 100vw"
        />
        <Badges isNew={isNew} onSale={onSale} />
        {list.length > 1
          ? (
            <span
              aria-hidden="true"
              className="absolute right-3 bottom-3 rounded-full bg-stone-900/60 px-2.5 py-1 text-xs font-medium text-white tabular-nums"
            >
              {current + 1} / {list.length}
            </span>
          )
          : null}
      </div>
      {list.length > 1
        ? (
          <ul className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-5" aria-label="Product images">
            {list.map((src, i) => (
              <li key={i}>
                <button
                  ref={(el) => {
                    thumbs.current[i] = el;
                  }}
                  type="button"
                  aria-label={`Show image ${i + 1} of ${list.length}`}
                  aria-pressed={i === current}
                  aria-controls={MAIN_ID}
                  onClick={() => setActive(i)}
                  onKeyDown={(e) => onKey(e, i)}
                  className="block w-full overflow-hidden rounded-lg border-2 border-transparent bg-white opacity-80 ring-1 ring-stone-200 transition hover:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 aria-pressed:border-green-700 aria-pressed:opacity-100 aria-pressed:ring-0"
                  data-thumb={i}
                >
                  <ProductImage
                    src={src}
                    name={name}
                    className="aspect-square w-full"
                    width={150}
                    height={150}
                    sizes="120px"
                  />
                </button>
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
}
