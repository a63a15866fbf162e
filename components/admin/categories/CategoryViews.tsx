/** /admin/categories: the category table (with product counts) and the category form. */
import type { AdminCategory } from "../../../domains/catalog_admin/mod.ts";
import { fieldLabelClass, FormAlert, type FormState } from "../../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, EmptyCard } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { type FieldSpec, FormFields, type TextFieldSpec } from "../shared/FormFields.tsx";

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

const CATEGORY_COLUMNS: Column<AdminCategory>[] = [
  {
    header: "Category",
    cell: (c) => (
      <span style={{ paddingLeft: `${(c.level - 1) * 1.25}rem` }} className="flex items-center gap-2">
        {c.image ? <img src={c.image} alt="" width={32} height={32} className="h-8 w-8 rounded object-cover" /> : null}
        <a href={`/admin/categories/${c.id}`} className="font-semibold text-green-900 hover:underline">{c.name}</a>
      </span>
    ),
  },
  { header: "Slug", className: "font-mono text-xs", cell: (c) => c.slug },
  {
    header: "Products",
    cell: (c) => (
      <>
        {c.productCount}
        {c.childCount
          ? (
            <span className="block text-xs text-stone-500">
              {c.childCount === 1 ? "1 sub-category" : `${c.childCount} sub-categories`}
            </span>
          )
          : null}
      </>
    ),
  },
  { header: "Sort order", cell: (c) => c.position },
  {
    header: "Actions",
    align: "right",
    cell: (c) => <a href={`/admin/categories/${c.id}`} className={secondaryButton}>Edit</a>,
  },
];

export function CategoryListView({ categories }: { categories: AdminCategory[] }) {
  return (
    <div>
      <PageHeader title="Categories">
        <a href="/admin/categories/new" className={primaryButton}>Add Category</a>
      </PageHeader>
      {categories.length
        ? (
          <DataTable
            columns={CATEGORY_COLUMNS}
            rows={inTreeOrder(categories)}
            rowProps={(c) => ({ "data-category-row": c.id })}
          />
        )
        : <EmptyCard>No categories yet.</EmptyCard>}
    </div>
  );
}

type ParentOption = { id: number; name: string; level: number; parentId: number | null };

const NAME_FIELDS: TextFieldSpec[] = [
  { label: "Name", name: "name", required: true, maxLength: 100 },
  {
    label: "Slug",
    name: "slug",
    maxLength: 120,
    hint: "The category's address /category/{slug}; made from the name when left empty",
  },
];

/**
 * A category picker: the categories given, in the order given, each sub-category indented with a
 * dash per level under its parent.
 */
export function categoryPicker(
  field: { label: string; name: string; empty: string },
  categories: readonly { id: number; name: string; level: number }[],
): FieldSpec {
  return {
    ...field,
    options: categories.map((c) => ({
      value: String(c.id),
      label: `${"\u2014 ".repeat(Math.max(0, c.level - 1))}${c.name}`,
    })),
  };
}

const PARENT = { label: "Parent category", name: "parentId", empty: "None (top level)" };

const POSITION_FIELD: FieldSpec = {
  label: "Sort order",
  name: "position",
  inputMode: "numeric",
  hint: "Lower numbers show first in the header and on the home page; empty: after the others",
};

/** The reminders job's interval for the category's consumables, when a product has none of its own. */
const REPLACEMENT_FIELD: FieldSpec = {
  label: "Replace every (months)",
  name: "replacementMonths",
  inputMode: "numeric",
  hint: "For consumables (UVB tubes 12): customers are reminded this long after buying; empty: no reminder",
};

const DESCRIPTION: FieldSpec = {
  label: "Description",
  name: "description",
  textarea: true,
  rows: 4,
  span: "sm:col-span-2",
};

const IMAGE_ADDRESS_FIELDS: TextFieldSpec[] = [{
  label: "or image address",
  name: "image",
  hint: "https://... or an uploaded image's /media/... address; empty for none",
}];

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
    parents: ParentOption[];
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
          <FormFields
            fields={[
              ...NAME_FIELDS,
              categoryPicker(PARENT, inTreeOrder(parents)),
              POSITION_FIELD,
              REPLACEMENT_FIELD,
              DESCRIPTION,
            ]}
            values={v}
            errors={e}
          />
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
                <FormFields fields={IMAGE_ADDRESS_FIELDS} values={v} errors={e} />
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
