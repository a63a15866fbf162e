/**
 * /admin/categories: the list with product counts, /admin/categories/new, /admin/categories/{id}
 * (name, slug, description, image uploaded or by address, parent, sort order) and delete (refused
 * while products or sub-categories use it). Every write clears the header's category cache.
 * Guarded by routes/admin/mod.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  type AdminCategory,
  catalogAdminSchemas as schemas,
  categoryRecord,
  listAdminCategories,
} from "../../domains/catalog_admin/mod.ts";
import { ingestImage, MAX_IMAGE_BYTES } from "../../domains/media/mod.ts";
import { CategoryImageField } from "../../components/admin/CategoryImageField.tsx";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import type { FormState } from "../../components/ui/Field.tsx";
import { CategoryForm, CategoryListView } from "../../components/admin/categories/CategoryViews.tsx";
import { formRoute } from "../action.ts";
import { createCategoryAction, deleteCategoryAction, updateCategoryAction } from "../api/admin_catalog.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { refusedForm, withStatus } from "./catalog_forms.ts";
import { refuseBodyOver } from "../admin_limits.ts";

const ACTIVE = "/admin/categories";
const ID = ":id{[1-9][0-9]{0,9}}";

const uploadLimit = refuseBodyOver(MAX_IMAGE_BYTES + 256 * 1024, "Images must be 5 MB or smaller");

function categoryId(c: Context<AppEnv>): number {
  const id = Number(c.req.param("id"));
  if (id > 2_147_483_647) throw new NotFoundError("Category Not Found");
  return id;
}

/** The ids of a category and everything under it: none of them can be its parent. */
function subtree(all: AdminCategory[], rootId: number): Set<number> {
  const ids = new Set([rootId]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of all) {
      if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
        ids.add(c.id);
        grew = true;
      }
    }
  }
  return ids;
}

/** The form's body, with an uploaded image stored first (its address replaces the typed one). */
async function formBody(c: Context<AppEnv>) {
  const form = await c.req.parseBody();
  const body = schemas.categoryFormBody(form);
  const file = form.imageFile;
  if (file instanceof File && file.size > 0) {
    try {
      body.image = (await ingestImage(c.var.storage, "categories", new Uint8Array(await file.arrayBuffer()))).url;
    } catch (err) {
      if (err instanceof ValidationError) {
        throw new ValidationError(err.message, [{ path: "imageFile", message: err.message }]);
      }
      throw err;
    }
  }
  return body;
}

async function formPage(
  c: Context<AppEnv>,
  page: {
    title: string;
    id: number | null;
    state: FormState;
    status?: number;
    /** The saved category's image (edit page): shown with its own upload, replace and remove forms. */
    image?: { id: number; name: string; url: string | null };
  },
) {
  const all = await listAdminCategories(c.var.db);
  const excluded = page.id ? subtree(all, page.id) : new Set<number>();
  const res = renderAdminPage(c, {
    title: page.title,
    active: ACTIVE,
    body: (
      <div className="max-w-3xl">
        <a href="/admin/categories" className="text-sm text-green-900 hover:underline">← Categories</a>
        <h1 className="mt-2 mb-4 text-2xl font-extrabold tracking-tight">{page.title}</h1>
        <CategoryForm
          action={page.id ? `/admin/categories/${page.id}` : "/admin/categories"}
          state={page.state}
          parents={all.filter((cat) => !excluded.has(cat.id))}
          deletable={page.id
            ? { action: `/admin/categories/${page.id}/delete`, name: page.state.values?.name ?? "" }
            : null}
          imageFields={!page.id}
        />
        {page.image
          ? (
            <div className="mt-6">
              <CategoryImageField categoryId={page.image.id} name={page.image.name} image={page.image.url} />
            </div>
          )
          : null}
      </div>
    ),
  });
  return page.status && page.status !== 200 ? withStatus(res, page.status) : res;
}

function valuesOf(cat: Awaited<ReturnType<typeof categoryRecord>>): Record<string, string> {
  return {
    name: cat.name,
    slug: cat.slug,
    description: cat.description ?? "",
    image: cat.image ?? "",
    parentId: cat.parentId === null ? "" : String(cat.parentId),
    position: String(cat.position),
    replacementMonths: cat.replacementMonths === null ? "" : String(cat.replacementMonths),
  };
}

export function categoryAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) =>
    renderAdminPage(c, {
      title: "Categories",
      active: ACTIVE,
      body: <CategoryListView categories={await listAdminCategories(c.var.db)} />,
    }));

  app.get("/new", (c) => formPage(c, { title: "Add Category", id: null, state: { values: {} } }));

  // The no-JavaScript twins of the category actions (routes/api/admin_catalog.ts). The forms are
  // multipart: an uploaded image is stored first and its address becomes the action's `image`.
  formRoute(app, createCategoryAction, {
    path: "/",
    middleware: [uploadLimit],
    input: (_fields, c) => formBody(c),
    onSuccess: (c, created) => {
      setFlash(c, { title: "Category created", description: created.name, variant: "success" });
      return c.redirect("/admin/categories", 303);
    },
    onError: (c, err, fields) => {
      const { status, ...state } = refusedForm(err, fields);
      return formPage(c, { title: "Add Category", id: null, state, status });
    },
  });

  app.get(`/${ID}`, async (c) => {
    const cat = await categoryRecord(c.var.db, categoryId(c));
    return formPage(c, {
      title: `Edit ${cat.name}`,
      id: cat.id,
      state: { values: valuesOf(cat) },
      image: { id: cat.id, name: cat.name, url: cat.image },
    });
  });

  formRoute(app, updateCategoryAction, {
    path: `/${ID}`,
    // An unknown category is a 404 before anything is stored.
    middleware: [uploadLimit, async (c, next) => {
      await categoryRecord(c.var.db, categoryId(c));
      await next();
    }],
    input: (_fields, c) => formBody(c),
    onSuccess: (c, saved) => {
      setFlash(c, { title: "Category saved", description: saved.name, variant: "success" });
      return c.redirect("/admin/categories", 303);
    },
    onError: async (c, err, fields) => {
      const cat = await categoryRecord(c.var.db, categoryId(c));
      const { status, ...state } = refusedForm(err, { ...valuesOf(cat), ...fields });
      return await formPage(c, {
        title: `Edit ${cat.name}`,
        id: cat.id,
        state,
        status,
        image: { id: cat.id, name: cat.name, url: cat.image },
      });
    },
  });

  // The toast names the category, which is gone once the action has run: read first.
  const deletedNames = new WeakMap<Request, string>();
  formRoute(app, deleteCategoryAction, {
    path: `/${ID}/delete`,
    middleware: [async (c, next) => {
      deletedNames.set(c.req.raw, (await categoryRecord(c.var.db, categoryId(c))).name);
      await next();
    }],
    onSuccess: (c) => {
      setFlash(c, { title: "Category deleted", description: deletedNames.get(c.req.raw), variant: "success" });
      return c.redirect("/admin/categories", 303);
    },
    onError: (c, err) => {
      if (!(err instanceof ConflictError)) throw err;
      setFlash(c, { title: "Category not deleted", description: err.message, variant: "destructive" });
      return c.redirect(`/admin/categories/${categoryId(c)}`, 303);
    },
  });

  return app;
}
