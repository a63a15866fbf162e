/** /admin/categories: the category table (with product counts) and the category form. */
import type { AdminCategory } from "../../../domains/catalog_admin/mod.ts";
import { Field, fieldInputClass, fieldLabelClass, FormAlert, type FormState } from "../../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";

/** The categories in tree order (each parent followed by its sub-categories), for lists and pickers. */
export function inTreeOrder<T extends { id: number; parentId: number | null }>(all: T[]): T[] {
  const out: T[] = [];
  const visit = (parentId: number | null, seen: Set<number>) => {
    for (const c of all.filter((x) => x.parentId === parentId)) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
      visit(c.id, seen);
    }
  };
  const seen = new Set<number>();
  visit(null, seen);
  // Anything whose parent is missing still shows, at the end.
  for (const c of all) if (!seen.has(c.id)) out.push(c);
  return out;
}

export function CategoryListView({ categories }: { categories: AdminCategory[] }) {
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight">Categories</h1>
        <a href="/admin/categories/new" className={primaryButton}>Add Category</a>
      </div>
      {categories.length
        ? (
          <div className="mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="border-b border-stone-200 text-xs text-stone-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">Category</th>
                  <th scope="col" className="px-4 py-3">Slug</th>
                  <th scope="col" className="px-4 py-3">Products</th>
                  <th scope="col" className="px-4 py-3">Sort order</th>
                  <th scope="col" className="px-4 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody>
                {inTreeOrder(categories).map((c) => (
                  <tr key={c.id} data-category-row={c.id} className="border-b border-stone-100">
                    <td className="px-4 py-3">
                      <span style={{ paddingLeft: `${(c.level - 1) * 1.25}rem` }} className="flex items-center gap-2">
                        {c.image
                          ? <img src={c.image} alt="" width={32} height={32} className="h-8 w-8 rounded object-cover" />
                          : null}
                        <a href={`/admin/categories/${c.id}`} className="font-semibold text-green-900 hover:underline">
                          {c.name}
                        </a>
                      </span>
                    </td>
                    <td className="px-4 py-3 font-mono text-xs">{c.slug}</td>
                    <td className="px-4 py-3">
                      {c.productCount}
                      {c.childCount
                        ? (
                          <span className="block text-xs text-stone-500">
                            {c.childCount === 1 ? "1 sub-category" : `${c.childCount} sub-categories`}
                          </span>
                        )
                        : null}
                    </td>
                    <td className="px-4 py-3">{c.position}</td>
                    <td className="px-4 py-3 text-right">
                      <a href={`/admin/categories/${c.id}`} className={secondaryButton}>Edit</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
        : (
          <p className="mt-4 rounded-xl border border-stone-200 bg-white p-8 text-center text-stone-600">
            No categories yet.
          </p>
        )}
    </div>
  );
}

export function CategoryForm(
  { action, state, parents, deletable, imageFields = true }: {
    action: string;
    state: FormState;
    /**
     * The image upload and address fields: on the new page only. An existing category's image has its
     * own forms (CategoryImageField), which replace and clean up the stored files.
     */
    imageFields?: boolean;
    /** Categories this one may be placed under (itself and its sub-categories left out). */
    parents: { id: number; name: string; level: number; parentId: number | null }[];
    /** The edit page's delete form target, or null on the new page. */
    deletable: { action: string; name: string } | null;
  },
) {
  const v = state.values ?? {};
  const e = state.errors ?? {};
  return (
    <div className="space-y-4">
      <form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="space-y-4 rounded-xl border border-stone-200 bg-white p-5"
        noValidate
      >
        <FormAlert message={state.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" name="name" defaultValue={v.name ?? ""} error={e.name} required maxLength={100} />
          <Field
            label="Slug"
            name="slug"
            defaultValue={v.slug ?? ""}
            error={e.slug}
            maxLength={120}
            hint="The category's address /category/{slug}; made from the name when left empty"
          />
          <div>
            <label htmlFor="field-parentId" className={fieldLabelClass}>Parent category</label>
            <select id="field-parentId" name="parentId" defaultValue={v.parentId ?? ""} className={fieldInputClass}>
              <option value="">None (top level)</option>
              {inTreeOrder(parents).map((p) => (
                <option key={p.id} value={String(p.id)}>{`${"\u2014 ".repeat(p.level - 1)}${p.name}`}</option>
              ))}
            </select>
            {e.parentId ? <p className="mt-1 text-sm text-red-700">{e.parentId}</p> : null}
          </div>
          <Field
            label="Sort order"
            name="position"
            inputMode="numeric"
            defaultValue={v.position ?? "0"}
            error={e.position}
            hint="Lower numbers show first in the header and on the home page"
          />
          <div className="sm:col-span-2">
            <label htmlFor="field-description" className={fieldLabelClass}>Description</label>
            <textarea
              id="field-description"
              name="description"
              rows={4}
              defaultValue={v.description ?? ""}
              className={fieldInputClass}
            />
            {e.description ? <p className="mt-1 text-sm text-red-700">{e.description}</p> : null}
          </div>
          {imageFields
            ? (
              <>
                <div>
                  <label htmlFor="field-imageFile" className={fieldLabelClass}>Upload an image</label>
                  <input
                    id="field-imageFile"
                    type="file"
                    name="imageFile"
                    accept="image/jpeg,image/png,image/webp"
                    className="block w-full text-sm"
                  />
                  <p className="mt-1 text-xs text-stone-500">JPEG, PNG or WebP, 5 MB at most</p>
                  {e.imageFile ? <p className="mt-1 text-sm text-red-700">{e.imageFile}</p> : null}
                </div>
                <Field
                  label="or image address"
                  name="image"
                  defaultValue={v.image ?? ""}
                  error={e.image}
                  hint="https://... or an uploaded image's /media/... address; empty for none"
                />
                {v.image ? <img src={v.image} alt="" className="h-24 w-24 rounded-lg border object-cover" /> : null}
              </>
            )
            : null}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <a href="/admin/categories" className={secondaryButton}>Cancel</a>
          <button type="submit" className={primaryButton}>Save</button>
        </div>
      </form>
      {deletable
        ? (
          <form method="post" action={deletable.action} className="flex justify-end">
            <button type="submit" className={dangerButton}>Delete {deletable.name}</button>
          </form>
        )
        : null}
    </div>
  );
}
