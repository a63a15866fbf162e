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
import { logError } from "../../lib/error_log.ts";
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { addressSchemas, DEFAULT_TYPE_TEXT, getAddress, listAddresses } from "../../domains/addresses/mod.ts";
import { type AppError, ValidationError } from "../../lib/errors.ts";
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
import {
  addressJson,
  createAddressAction,
  deleteAddressAction,
  setDefaultAddressAction,
  updateAddressAction,
} from "../api/addresses.ts";
import { fieldMessages, formRoute } from "../action.ts";
import { validationError } from "../validate.ts";
import { setFlash } from "../flash.ts";
import { currentUser, requireUser } from "../guards.ts";
import { renderPage } from "../render.tsx";
import { privateNoStore } from "../page_cache.ts";

const head = (title: string, path: string) => ({ title, canonicalPath: path, noindex: true });

/** The refused form's messages by field; a refusal that is not about the fields shows the error page. */
function fieldErrors(err: AppError): AddressFieldErrors {
  if (!(err instanceof ValidationError)) throw err;
  return fieldMessages(err);
}

/** Back to the list with a toast (the outcome of every address form). */
function backToList(c: Context<AppEnv>, toast: { title: string; description?: string; variant?: "destructive" }) {
  setFlash(c, { variant: "success", ...toast });
  return c.redirect("/address-book", 303);
}

const failed = (description: string) => ({ title: "Error", description, variant: "destructive" as const });

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

/**
 * Checks a submitted form with the form's own schema (names required, as in the dialog; the API
 * falls back to the profile's names) and gives the action its input.
 */
function checkedForm(fields: Record<string, string>) {
  const input = valuesToInput(valuesFromForm(fields));
  const result = addressSchemas.addressForm.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return input;
}

/** The edit form again, with what the customer typed. */
function editPage(
  c: Context<AppEnv>,
  fields: Record<string, string>,
  opts: { errors?: AddressFieldErrors; message?: string; status: 400 | 500 },
) {
  const id = parseId(c.req.param("id"));
  return formPage(c, { id, values: valuesFromForm(fields), wasDefault: fields.wasDefault === "true", ...opts });
}

export function addressBookPages() {
  const app = new Hono<AppEnv>();
  for (const path of ["/address-book", "/address-book/*"]) {
    // Personal data: never stored by shared caches or kept for the back button after sign-out.
    app.use(path, requireUser(), privateNoStore);
  }

  app.get("/address-book", async (c) => {
    const user = currentUser(c);
    let list;
    try {
      list = await listAddresses(c.var.db, user.id);
    } catch (err) {
      logError("address book failed to load", err, { requestId: c.get("requestId"), path: c.req.path });
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

  formRoute(app, createAddressAction, {
    path: "/address-book",
    input: (fields) => checkedForm(fields),
    onSuccess: (c) => backToList(c, { title: "Address added", description: "Address saved successfully." }),
    onError: (c, err, fields) => formPage(c, { values: valuesFromForm(fields), errors: fieldErrors(err), status: 400 }),
    onUnexpected: (c, fields) =>
      formPage(c, { values: valuesFromForm(fields), message: "Failed to add address. Please try again.", status: 500 }),
  });

  app.get("/address-book/:id/edit", async (c) => {
    const address = await getAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return formPage(c, { id: address.id, values: addressToValues(address), wasDefault: address.isDefault });
  });

  formRoute(app, updateAddressAction, {
    path: "/address-book/:id",
    input: (fields) => {
      const { isDefault, ...rest } = checkedForm(fields);
      // The default changes only when the customer ticked or cleared the box.
      return isDefault === (fields.wasDefault === "true") ? rest : { ...rest, isDefault };
    },
    onSuccess: (c) => backToList(c, { title: "Address updated", description: "Address saved successfully." }),
    onError: (c, err, fields) => editPage(c, fields, { errors: fieldErrors(err), status: 400 }),
    onUnexpected: (c, fields) =>
      editPage(c, fields, { message: "Failed to update address. Please try again.", status: 500 }),
  });

  app.get("/address-book/:id/delete", async (c) => {
    const address = await getAddress(c.var.db, currentUser(c).id, parseId(c.req.param("id")));
    return renderPage(c, {
      head: head("Delete address", `/address-book/${address.id}/delete`),
      body: <AddressDeletePage address={addressJson(address)} />,
    });
  });

  formRoute(app, deleteAddressAction, {
    path: "/address-book/:id/delete",
    onSuccess: (c) => backToList(c, { title: "Address deleted" }),
    onError: (_c, err) => {
      throw err;
    },
    onUnexpected: (c) => backToList(c, failed("Failed to delete address. Please try again.")),
  });

  formRoute(app, setDefaultAddressAction, {
    path: "/address-book/:id/default",
    input: (fields) => ({ addressType: fields.addressType }),
    onSuccess: (c, _address, input) =>
      backToList(c, {
        title: "Default address updated",
        description: `Default ${DEFAULT_TYPE_TEXT[input.addressType]} address has been updated.`,
      }),
    onError: (_c, err) => {
      throw err;
    },
    onUnexpected: (c) => backToList(c, failed("Failed to set default address. Please try again.")),
  });
  return app;
}
