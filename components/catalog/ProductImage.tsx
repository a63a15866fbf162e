/**
 * A product (or category) image over its generated placeholder: the gradient shows while the image
 * loads, when there is no image, and if the image fails. Every picture of a named thing goes through
 * here (cards, cart lines, search suggestions, category tiles), so a broken upload never shows a
 * broken-image box anywhere.
 */
import type { CSSProperties } from "react";
import { placeholderPath } from "../../lib/placeholder_path.ts";
import { imageSource } from "../../lib/image_sizes.ts";

export function ProductImage(
  { src, name, alt = name, className = "", width = 600, height = 600, eager = false, sizes }: {
    src: string | null;
    name: string;
    /** Empty for a picture beside its own name (a cart line, a suggestion): screen readers skip it. */
    alt?: string;
    className?: string;
    width?: number;
    height?: number;
    eager?: boolean;
    /** The `sizes` of an uploaded image's srcset; default: shown `width` CSS pixels wide. */
    sizes?: string;
  },
) {
  const fallback = placeholderPath(name);
  return (
    <span
      className={`block overflow-hidden bg-stone-100 bg-cover bg-center ${className}`}
      style={{ "--placeholder": `url("${fallback}")`, backgroundImage: "var(--placeholder)" } as CSSProperties}
    >
      <img
        {...imageSource(src, name, width, sizes)}
        alt={alt}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="image-fallback h-full w-full object-cover text-transparent"
      />
    </span>
  );
}
