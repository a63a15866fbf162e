/**
 * /address-book: the customer's addresses (document 2 section 2). The list page hydrates the
 * AddressBook island (dialogs over /api/addresses); without JavaScript the same actions are plain pages
 * and forms that post here and redirect back with a toast:
 *   GET  /address-book/new, POST /address-book               add
 *   GET  /address-book/{id}/edit, POST /address-book/{id}    edit
 *   GET  /address-book/{id}/delete, POST .../delete          delete after the confirmation
 *   POST /address-book/{id}/default (addressType)            set as default
 * Visitors are sent to /login?redirect=/address-book.
 */
import { logError as logErrorLine } from "../../lib/error_log.ts";
import { Hono } from "hono";
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../context.ts";
import {
  addressSchemas,
  createAddress,
  DEFAULT_TYPE_TEXT,
  deleteAddress,
  getAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from "../../domains/addresses/mod.ts";
import { AppError, type Issue, ValidationError } from "../../lib/errors.ts";
import { parseId } from "../../lib/ids.ts";
import { Island } from "../../lib/islands.tsx";
import AddressBook from "../../islands/AddressBook.tsx";
import {
  AddressBookError,
  AddressBookFrame,
  AddressDeletePage,
  AddressFormPage,
} from "../../components/account/AddressBookView.tsx";
import {
  type AddressFieldErrors,
  type AddressFormValues,
  addressToValues,
  emptyAddressValues,
  valuesFromForm,
  valuesToInput,
} from "../../components/account/AddressForm.tsx";
import { addressJson } from "../api/addresses.ts";
import { setFlash } from "../flash.ts";
import { currentUser, requireUser } from "../guards.ts";
import { renderPage } from "../render.tsx";

const head = (title: string, path: string) => ({ title, canonicalPath: path, noindex: true });

function byField(issues: Issue[]): AddressFieldErrors {
  const out: AddressFieldErrors = {};
  for (const i of issues) out[i.path.split(".")[0] || "form"] ??= i.message;
  return out;
}

function logError(c: Context<AppEnv>, err: unknown) {
  logErrorLine("address book action failed", err, { requestId: c.get("requestId"), path: c.req.path });
}

function formPage(
  c: Context<AppEnv>,
  opts: {
    id?: number;
    values: AddressFormValues;
    errors?: AddressFieldErrors;
    message?: string;
    wasDefault?: boolean;
    status?: 200 | 400 | 500;
  },
) {
  const editing = opts.id !== undefined;
  const title = editing ? "Edit Address" : "Add New Address";
  return renderPage(c, {
    status: opts.status ?? 200,
    head: head(title, editing ? `/address-book/${opts.id}/edit` : "/address-book/new"),
    body: (
      <AddressFormPage
        title={title}
        action={editing ? `/address-book/${opts.id}` : "/address-book"}
        values={opts.values}
        errors={opts.errors ?? {}}
        message={opts.message}
        submitLabel={editing ? "Save Changes" : "Save Address"}
        wasDefault={opts.wasDefault}
      />
    ),
  });
}

/** Validates a submitted form with the form's own schema (names required, as in the dialog). */
function checkForm(
  values: AddressFormValues,
): { data?: z.output<typeof addressSchemas.addressForm>; errors?: AddressFieldErrors } {
  const result = addressSchemas.addressForm.safeParse(valuesToInput(values));
  if (result.success) return { data: result.data };
  return { errors: addressSchemas.firstIssues(result.error) };
}

export function addressBookPages() {
  const app = new Hono<AppEnv>();
  for (const path of ["/address-book", "/address-book/*"]) {
    app.use(path, requireUser(), async (c, next) => {
      await next();
      // Personal data: never stored by shared caches or kept for the back button after sign-out.
      c.header("Cache-Control", "private, no-store");
    });
  }

  app.get("/address-book", async (c) => {
    const user = currentUser(c);
    let list;
    try {
      list = await listAddresses(c.var.db, user.id);
    } catch (err) {
      logError(c, err);
      return renderPage(c, { status: 500, head: head("Address Book", "/address-book"), body: <AddressBookError /> });
    }
    return renderPage(c, {
      head: head("My Addresses", "/address-book"),
      body: (
        <AddressBookFrame returnTo={c.req.query("redirect") === "/checkout" ? "/checkout" : undefined}>
          <Island
            name="AddressBook"
            component={AddressBook}
            props={{
              addresses: list.map(addressJson),
              profile: { firstName: user.firstName, lastName: user.lastName },
            }}
          />
        </AddressBookFrame>
      ),
    });
  });

  app.get("/address-book/new", (c) => formPage(c, { values: emptyAddressValues(currentUser(c)) }));

  app.post("/address-book", async (c) => {
    const user = currentUser(c);
    const values = valuesFromForm(await c.req.parseBody());
    const checked = checkForm(values);
    if (checked.errors) return formPage(c, { values, errors: checked.errors, status: 400 });
    try {
      await createAddress(c.var.db, user, checked.data!);
    } catch (err) {
      if (err instanceof ValidationError) return formPage(c, { values, errors: byField(err.issues), status: 400 });
      if (err instanceof AppError) throw err;
      logError(c, err);
      return formPage(c, { values, message: "Failed to add address. Please try again.", status: 500 });
    }
    setFlash(c, { title: "Address added", description: "Address saved successfully.", variant: "success" });
    return c.redirect("/address-book", 303);
  });

  app.get("/address-book/:id/edit", async (c) => {
    const address = await getAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return formPage(c, { id: address.id, values: addressToValues(address), wasDefault: address.isDefault });
  });

  app.post("/address-book/:id", async (c) => {
    const user = currentUser(c);
    const id = parseId(c.req.param("id"));
    const form = await c.req.parseBody();
    const values = valuesFromForm(form);
    const wasDefault = form.wasDefault === "true";
    const checked = checkForm(values);
    if (checked.errors) return formPage(c, { id, values, errors: checked.errors, wasDefault, status: 400 });
    const { isDefault, ...fields } = checked.data!;
    // The default changes only when the customer ticked or cleared the box.
    const input = isDefault === wasDefault ? fields : { ...fields, isDefault };
    try {
      await updateAddress(c.var.db, user.id, id, input);
    } catch (err) {
      if (err instanceof ValidationError) {
        return formPage(c, { id, values, errors: byField(err.issues), wasDefault, status: 400 });
      }
      if (err instanceof AppError) throw err;
      logError(c, err);
      return formPage(c, {
        id,
        values,
        wasDefault,
        message: "Failed to update address. Please try again.",
        status: 500,
      });
    }
    setFlash(c, { title: "Address updated", description: "Address saved successfully.", variant: "success" });
    return c.redirect("/address-book", 303);
  });

  app.get("/address-book/:id/delete", async (c) => {
    const address = await getAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return renderPage(c, {
      head: head("Delete address", `/address-book/${address.id}/delete`),
      body: <AddressDeletePage address={addressJson(address)} />,
    });
  });

  app.post("/address-book/:id/delete", async (c) => {
    const id = parseId(c.req.param("id"));
    try {
      await deleteAddress(c.var.db, currentUser(c).id, id);
    } catch (err) {
      if (err instanceof AppError) throw err;
      logError(c, err);
      setFlash(c, {
        title: "Error",
        description: "Failed to delete address. Please try again.",
        variant: "destructive",
      });
      return c.redirect("/address-book", 303);
    }
    setFlash(c, { title: "Address deleted", variant: "success" });
    return c.redirect("/address-book", 303);
  });

  app.post("/address-book/:id/default", async (c) => {
    const id = parseId(c.req.param("id"));
    const form = await c.req.parseBody();
    const parsed = addressSchemas.setDefaultBody.safeParse({ addressType: form.addressType });
    if (!parsed.success) throw new ValidationError(parsed.error.issues[0].message);
    const type = parsed.data.addressType;
    try {
      await setDefaultAddress(c.var.db, currentUser(c).id, id, type);
    } catch (err) {
      if (err instanceof AppError) throw err;
      logError(c, err);
      setFlash(c, {
        title: "Error",
        description: "Failed to set default address. Please try again.",
        variant: "destructive",
      });
      return c.redirect("/address-book", 303);
    }
    setFlash(c, {
      title: "Default address updated",
      description: `Default ${DEFAULT_TYPE_TEXT[type]} address has been updated.`,
      variant: "success",
    });
    return c.redirect("/address-book", 303);
  });
  return app;
}
