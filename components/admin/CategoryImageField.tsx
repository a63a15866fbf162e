/**
 * A category's picture on its admin edit page: the current image (or the generated drawing the shop
 * shows without one), an upload form and a remove button. Plain forms posting to
 * /admin/categories/{id}/image...; each comes back to `returnTo` with a toast.
 */
import { imageSource } from "../../lib/image_sizes.ts";
import { placeholderPath } from "../../lib/placeholder.ts";
import { secondaryButton } from "../ui/buttons.ts";
import { ImageFileInput } from "./ImageFileInput.tsx";

export function CategoryImageField(
  { categoryId, name, image, returnTo }: {
    categoryId: number;
    name: string;
    image: string | null;
    /** Where the forms come back to; default the category's edit page. */
    returnTo?: string;
  },
) {
  const base = `/admin/categories/${categoryId}/image`;
  const back = returnTo ?? `/admin/categories/${categoryId}`;
  const shown = image ? imageSource(image, name, 320) : { src: `${placeholderPath(name)}?w=600&h=300` };
  return (
    <section
      aria-labelledby="category-image-heading"
      className="rounded-xl border border-stone-200 bg-white p-5"
      data-testid="category-image"
    >
      <h2 id="category-image-heading" className="text-lg font-bold">Image</h2>
      <p className="mt-1 text-sm text-stone-600">
        {image
          ? "JPEG, PNG or WebP, 5 MB at most. A new upload replaces this image."
          : "No image yet: the shop shows this drawing. JPEG, PNG or WebP, 5 MB at most."}
      </p>
      <img
        {...shown}
        alt={image ? `${name} image` : ""}
        width={600}
        height={300}
        className="mt-3 aspect-[2/1] w-full max-w-md rounded-lg border border-stone-200 object-cover"
      />
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <form method="post" action={base} encType="multipart/form-data" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="back" value={back} />
          <label className="sr-only" htmlFor={`category-image-${categoryId}`}>Category image</label>
          <ImageFileInput id={`category-image-${categoryId}`} />
          <button type="submit" className={secondaryButton}>Upload</button>
        </form>
        {image && (
          <form method="post" action={`${base}/delete`}>
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={`${secondaryButton} text-red-700`}>Remove image</button>
          </form>
        )}
      </div>
    </section>
  );
}
