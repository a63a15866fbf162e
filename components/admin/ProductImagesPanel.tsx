/**
 * A product's photos on its admin edit page (and on /admin/products/{id}/images): the thumbnails
 * with alt text, move and delete (islands/ProductImageManager.tsx: plain forms, plus drag to
 * reorder once hydrated) and an upload form. It all works without JavaScript, each form
 * redirecting back to `returnTo` with a toast.
 */
import { responsiveImage } from "../../lib/image_sizes.ts";
import { secondaryButton } from "../ui/buttons.ts";
import { ImageFileInput } from "./ImageFileInput.tsx";
import { Island } from "../../lib/islands.tsx";
import ProductImageManager from "../../islands/ProductImageManager.tsx";

const MAX_IMAGES = 8;

export function ProductImagesPanel(
  { productId, productName, images, imageAlts, returnTo }: {
    productId: number;
    productName: string;
    images: string[];
    /** Alt text by image URL. */
    imageAlts: Record<string, string>;
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
          <Island
            name="ProductImageManager"
            component={ProductImageManager}
            props={{
              productId,
              productName,
              back,
              images: images.map((url) => {
                const img = responsiveImage(url, { sizes: "200px", displayWidth: 200 });
                return { url, src: img.src, srcSet: img.srcSet, sizes: img.sizes, alt: imageAlts[url] ?? "" };
              }),
            }}
          />
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
