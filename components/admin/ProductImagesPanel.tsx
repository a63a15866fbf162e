/**
 * A product's photos on its admin edit page (and on /admin/products/{id}/images): thumbnails in
 * storefront order (the first is the main photo), an upload form, and delete / move buttons. Plain
 * forms posting to /admin/products/{id}/images...: it all works without JavaScript, each action
 * redirecting back to `returnTo` with a toast.
 */
import { responsiveImage } from "../../lib/image_sizes.ts";
import { secondaryButton } from "../ui/buttons.ts";
import { ImageFileInput } from "./ImageFileInput.tsx";

const MAX_IMAGES = 8;

const smallButton =
  "inline-flex h-8 min-w-8 items-center justify-center rounded-md border border-stone-300 bg-white px-2 text-sm font-semibold text-stone-700 hover:bg-stone-50 disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-green-800";

export function ProductImagesPanel(
  { productId, images, returnTo }: {
    productId: number;
    images: string[];
    /** Where the forms come back to; default the product's edit page. */
    returnTo?: string;
  },
) {
  const base = `/admin/products/${productId}/images`;
  const back = returnTo ?? `/admin/products/${productId}`;
  const full = images.length >= MAX_IMAGES;
  return (
    <section
      aria-labelledby="images-heading"
      className="rounded-xl border border-stone-200 bg-white p-5"
      data-testid="product-images"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="images-heading" className="text-lg font-bold">Images</h2>
        <p className="text-sm text-stone-600">
          {`${images.length} of ${MAX_IMAGES} · JPEG, PNG or WebP, 5 MB each · the first image is the main photo`}
        </p>
      </div>
      {images.length
        ? (
          <ol className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {images.map((src, index) => {
              const img = responsiveImage(src, { sizes: "160px", displayWidth: 160 });
              return (
                <li
                  key={src}
                  className="overflow-hidden rounded-lg border border-stone-200 bg-stone-50"
                  data-image-index={index}
                >
                  <div className="relative">
                    <img
                      {...img}
                      alt={`Image ${index + 1}`}
                      width={320}
                      height={320}
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                    {index === 0 && (
                      <span className="absolute top-2 left-2 rounded bg-green-800 px-2 py-0.5 text-xs font-bold text-white">
                        Main
                      </span>
                    )}
                  </div>
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
              );
            })}
          </ol>
        )
        : (
          <p className="mt-3 text-sm text-stone-600">
            No images yet. The storefront shows a drawing until you add one.
          </p>
        )}
      <form
        method="post"
        action={base}
        encType="multipart/form-data"
        className="mt-5 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4"
      >
        <input type="hidden" name="back" value={back} />
        <label className="text-sm font-semibold text-stone-800" htmlFor={`image-file-${productId}`}>
          Add images
        </label>
        <ImageFileInput id={`image-file-${productId}`} multiple disabled={full} />
        <button type="submit" className={secondaryButton} disabled={full}>Upload</button>
        {full && <p className="w-full text-sm text-stone-600">A product can have at most 8 images</p>}
      </form>
    </section>
  );
}
