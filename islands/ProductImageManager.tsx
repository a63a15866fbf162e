/**
 * A product's photos on its admin pages: thumbnails in storefront order (the first is the main
 * photo), each with its alt text, move buttons and delete. Everything is a plain form first (move
 * left/right, save alt text, delete post to /admin/products/{id}/images/... and come back with a
 * toast), so it works without JavaScript; hydrated, a photo can also be dragged to its new place
 * (PUT /api/products/{id}/images/order) and alt text is saved without leaving the page.
 */
import { type DragEvent, type FormEvent, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";

export interface ManagedImage {
  url: string;
  /** The thumbnail's own address and sources (a small rendition). */
  src: string;
  srcSet?: string;
  sizes?: string;
  /** Staff's alt text; empty when none. */
  alt: string;
}

export interface ProductImageManagerProps {
  productId: number;
  /** The product's name: what a photo without alt text is read out as. */
  productName: string;
  images: ManagedImage[];
  /** Where the plain forms come back to. */
  back: string;
}

const smallButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-green-800";

function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body && typeof err.body === "object") {
    const text = (err.body as { message?: unknown; error?: unknown }).message ??
      (err.body as { error?: unknown }).error;
    if (typeof text === "string" && text) return text;
  }
  return fallback;
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export default function ProductImageManager(
  { productId, productName, images: initial, back }: ProductImageManagerProps,
) {
  const [images, setImages] = useState(initial);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/admin/products/${productId}/images`;

  async function drop(e: DragEvent, to: number) {
    e.preventDefault();
    const from = dragging;
    setDragging(null);
    setOver(null);
    if (from === null || from === to || busy) return;
    const before = images;
    const after = moved(images, from, to);
    setImages(after);
    setBusy(true);
    try {
      await api(`/products/${productId}/images/order`, { method: "PUT", json: { images: after.map((i) => i.url) } });
      toast({ title: "Images reordered", variant: "success" });
    } catch (err) {
      setImages(before);
      toast({ title: "Error", description: errorText(err, "Failed to reorder images"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  async function saveAlt(e: FormEvent<HTMLFormElement>, index: number) {
    e.preventDefault();
    const alt = String(new FormData(e.currentTarget).get("alt") ?? "").trim();
    setBusy(true);
    try {
      await api(`/products/${productId}/images/${index}/alt`, { method: "PUT", json: { alt } });
      setImages((list) => list.map((img, i) => (i === index ? { ...img, alt } : img)));
      toast({ title: "Alt text saved", variant: "success" });
    } catch (err) {
      toast({ title: "Error", description: errorText(err, "Failed to save alt text"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <ol className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Product images">
      {images.map((image, index) => (
        <li
          key={image.url}
          draggable
          onDragStart={(e) => {
            setDragging(index);
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData("text/plain", String(index));
          }}
          onDragOver={(e) => {
            e.preventDefault();
            if (over !== index) setOver(index);
          }}
          onDragLeave={() => setOver((o) => (o === index ? null : o))}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          onDrop={(e) => drop(e, index)}
          className={`cursor-grab overflow-hidden rounded-lg border bg-stone-50 ${
            over === index && dragging !== index ? "border-green-700 ring-2 ring-green-700" : "border-stone-200"
          } ${dragging === index ? "opacity-50" : ""}`}
          data-image-index={index}
          data-image-url={image.url}
        >
          <div className="relative">
            <img
              src={image.src}
              srcSet={image.srcSet}
              sizes={image.sizes}
              alt={image.alt || `${productName}, image ${index + 1}`}
              width={320}
              height={320}
              loading="lazy"
              draggable={false}
              className="aspect-square w-full object-cover"
            />
            {index === 0 && (
              <span className="absolute top-2 left-2 rounded bg-green-800 px-2 py-0.5 text-xs font-bold text-white">
                Main
              </span>
            )}
          </div>
          <form
            method="post"
            action={`${base}/${index}/alt`}
            className="flex items-end gap-2 px-2 pt-2"
            onSubmit={(e) => saveAlt(e, index)}
          >
            <input type="hidden" name="back" value={back} />
            <div className="min-w-0 flex-1">
              <label htmlFor={`image-alt-${index}`} className="block text-xs font-semibold text-stone-700">
                Alt text of image {index + 1}
              </label>
              <input
                id={`image-alt-${index}`}
                name="alt"
                key={`${image.url}-${image.alt}`}
                defaultValue={image.alt}
                maxLength={200}
                placeholder="What the photo shows"
                className="mt-1 w-full rounded-md border border-stone-300 bg-white px-2 py-1 text-sm"
              />
            </div>
            <button type="submit" className={smallButton} disabled={busy}>Save</button>
          </form>
          <div className="flex items-center justify-between gap-1 p-2">
            <form method="post" action={`${base}/move`} className="flex gap-1">
              <input type="hidden" name="index" value={index} />
              <input type="hidden" name="back" value={back} />
              <button
                type="submit"
                name="direction"
                value="left"
                className={smallButton}
                disabled={index === 0}
                aria-label={`Move image ${index + 1} left`}
                title="Move left"
              >
                ←
              </button>
              <button
                type="submit"
                name="direction"
                value="right"
                className={smallButton}
                disabled={index === images.length - 1}
                aria-label={`Move image ${index + 1} right`}
                title="Move right"
              >
                →
              </button>
            </form>
            <form method="post" action={`${base}/${index}/delete`}>
              <input type="hidden" name="back" value={back} />
              <button
                type="submit"
                className={`${smallButton} text-red-700 hover:border-red-300 hover:bg-red-50`}
                aria-label={`Delete image ${index + 1}`}
              >
                Delete
              </button>
            </form>
          </div>
        </li>
      ))}
    </ol>
  );
}
