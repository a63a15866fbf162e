/**
 * A product image over its generated placeholder: the gradient shows while the image loads, when the
 * product has no image, and if the image fails.
 */
import { placeholderPath } from "../../lib/placeholder.ts";

export function ProductImage(
  { src, name, className = "", width = 600, height = 600, eager = false }: {
    src: string | null;
    name: string;
    className?: string;
    width?: number;
    height?: number;
    eager?: boolean;
  },
) {
  const fallback = placeholderPath(name);
  return (
    <span
      className={`block overflow-hidden bg-stone-100 bg-cover bg-center ${className}`}
      style={{ backgroundImage: `url("${fallback}")` }}
    >
      <img
        src={src ?? fallback}
        alt={name}
        width={width}
        height={height}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="h-full w-full object-cover text-transparent"
      />
    </span>
  );
}
