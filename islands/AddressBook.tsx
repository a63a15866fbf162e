/**
 * The address book list with its dialogs. The server renders the list with links and forms that work
 * without JavaScript (/address-book/new, /address-book/{id}/edit, /address-book/{id}/delete, and a
 * 'Set as Default' form). Once hydrated, those open native <dialog>s instead, validate fields as they
 * change with the rules the server's zod schema is built from, call /api/addresses, show the spec's toasts and update the list
 * without a reload.
 */
import { type FormEvent, useRef, useState } from "react";
import { api, ApiError } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { addressFieldIssues, DEFAULT_TYPE_TEXT } from "../domains/addresses/rules.ts";
import { AddressCard, type AddressCardData, canBecomeDefault } from "../components/account/AddressCard.tsx";
import {
  ADDRESS_FIELD_ORDER,
  type AddressFieldErrors,
  type AddressFieldName,
  AddressFields,
  type AddressFormValues,
  addressToValues,
  emptyAddressValues,
} from "../components/account/AddressForm.tsx";
import { buttonStyles, DELETE_CONFIRMATION, NoAddresses } from "../components/account/AddressBookView.tsx";
import { EditIcon, PlusIcon, StarIcon, TrashIcon } from "../components/ui/icons.tsx";
import { ConfirmButtons, DeleteDialog, DialogFooter, DialogHeader, FormDialog } from "../components/ui/Dialog.tsx";

export interface AddressBookProps {
  addresses: AddressCardData[];
  /** The signed-in customer's names: a new address starts with them. */
  profile: { firstName: string | null; lastName: string | null };
}

type Editing = { kind: "add" } | { kind: "edit"; address: AddressCardData };

const FALLBACK = {
  add: "Failed to add address. Please try again.",
  update: "Failed to update address. Please try again.",
  delete: "Failed to delete address. Please try again.",
  default: "Failed to set default address. Please try again.",
};

/** The server's message when it gave one, else the spec's fallback. */
function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.body && typeof err.body === "object" && "error" in err.body) return err.message;
  return fallback;
}

const small =
  "inline-flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:opacity-50";

/** A card's Edit and Delete links: the verb, its icon and its colours. */
const CARD_ACTIONS = {
  edit: { verb: "Edit", Icon: EditIcon, tone: "text-stone-800 hover:bg-stone-100" },
  delete: { verb: "Delete", Icon: TrashIcon, tone: "text-red-700 hover:bg-red-50" },
};

/**
 * An address card's Edit or Delete link: without JavaScript the page /address-book/{id}/{action},
 * once hydrated `onOpen` (its dialog). Marked data-edit-address / data-delete-address with the id.
 */
function CardAction(
  { address, action, onOpen }: { address: AddressCardData; action: keyof typeof CARD_ACTIONS; onOpen: () => void },
) {
  const { verb, Icon, tone } = CARD_ACTIONS[action];
  return (
    <a
      href={`/address-book/${address.id}/${action}`}
      aria-haspopup="dialog"
      aria-label={`${verb} ${address.label || "Address"}`}
      className={`${small} ${tone}`}
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
      {...{ [`data-${action}-address`]: address.id }}
    >
      <Icon className="h-4 w-4" />
      {verb}
    </a>
  );
}

export default function AddressBook({ addresses: initial, profile }: AddressBookProps) {
  const [list, setList] = useState<AddressCardData[]>(initial);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [values, setValues] = useState<AddressFormValues>(() => emptyAddressValues(profile));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<AddressFieldErrors>({});
  const [deleting, setDeleting] = useState<AddressCardData | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // The same rules and messages as the server's schema, without zod in the browser (decision 0038).
  const clientErrors = addressFieldIssues(values);
  const errors: AddressFieldErrors = {};
  for (const name of ADDRESS_FIELD_ORDER) {
    const message = serverErrors[name] ?? (touched.has(name) ? clientErrors[name] : undefined);
    if (message) errors[name] = message;
  }

  async function refresh() {
    try {
      setList(await api<AddressCardData[]>("/addresses"));
    } catch {
      // The change was saved; the list catches up on the next load.
    }
  }

  function openForm(next: Editing) {
    setEditing(next);
    setValues(next.kind === "add" ? emptyAddressValues(profile) : addressToValues(next.address));
    setTouched(new Set());
    setServerErrors({});
    formDialog.current?.showModal();
  }

  function closeForm() {
    formDialog.current?.close();
  }

  function change(name: AddressFieldName, value: string | boolean) {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((t) => new Set(t).add(name));
    setServerErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  }

  function blur(name: AddressFieldName) {
    if (!touched.has(name)) setTouched((t) => new Set(t).add(name));
  }

  function focusFirstError(names: Record<string, unknown>) {
    const first = ADDRESS_FIELD_ORDER.find((n) => names[n]);
    if (!first) return;
    const el = formRef.current?.querySelector<HTMLElement>(
      first === "addressType" ? 'input[name="addressType"]:checked' : `[name="${first}"]`,
    );
    el?.focus();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!editing || busy) return;
    setTouched(new Set(ADDRESS_FIELD_ORDER));
    if (Object.keys(clientErrors).length) {
      focusFirstError(clientErrors);
      return;
    }
    const adding = editing.kind === "add";
    // The fields as typed: the server trims them, reads blanks as none and normalises the country.
    const body: Record<string, unknown> = { ...values };
    // Editing: send isDefault only when the customer changed it, so saving a card never moves defaults.
    if (!adding && values.isDefault === editing.address.isDefault) delete body.isDefault;
    setBusy("form");
    try {
      if (adding) await api("/addresses", { method: "POST", json: body });
      else await api(`/addresses/${editing.address.id}`, { method: "PUT", json: body });
      closeForm();
      toast({
        title: adding ? "Address added" : "Address updated",
        description: "Address saved successfully.",
        variant: "success",
      });
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.body && typeof err.body === "object") {
        const issues = (err.body as { issues?: { path: string; message: string }[] }).issues ?? [];
        const byField: AddressFieldErrors = {};
        for (const i of issues) byField[i.path.split(".")[0]] ??= i.message;
        setServerErrors(byField);
        focusFirstError(byField);
      }
      toast({
        title: "Error",
        description: failureText(err, adding ? FALLBACK.add : FALLBACK.update),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  function askDelete(address: AddressCardData) {
    setDeleting(address);
    deleteDialog.current?.showModal();
  }

  async function confirmDelete() {
    if (!deleting || busy) return;
    setBusy("delete");
    try {
      await api(`/addresses/${deleting.id}`, { method: "DELETE" });
      deleteDialog.current?.close();
      setList((l) => l.filter((a) => a.id !== deleting.id));
      toast({ title: "Address deleted", variant: "success" });
      await refresh();
    } catch (err) {
      toast({ title: "Error", description: failureText(err, FALLBACK.delete), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function makeDefault(e: FormEvent<HTMLFormElement>, address: AddressCardData) {
    e.preventDefault();
    if (busy) return;
    setBusy(`default-${address.id}`);
    try {
      await api(`/addresses/${address.id}/default`, { method: "POST", json: { addressType: address.addressType } });
      toast({
        title: "Default address updated",
        description: `Default ${DEFAULT_TYPE_TEXT[address.addressType]} address has been updated.`,
        variant: "success",
      });
      await refresh();
    } catch (err) {
      toast({ title: "Error", description: failureText(err, FALLBACK.default), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  const addButton = (
    <a
      href="/address-book/new"
      aria-haspopup="dialog"
      className={buttonStyles.primary}
      onClick={(e) => {
        e.preventDefault();
        openForm({ kind: "add" });
      }}
      data-add-address
    >
      <PlusIcon className="h-5 w-5" />
      Add New Address
    </a>
  );

  const formTitle = editing?.kind === "edit" ? "Edit Address" : "Add New Address";

  return (
    <div data-address-book>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">My Addresses</h1>
          <p className="mt-1 text-sm text-stone-600">
            Manage where we deliver your orders and where we send your invoices. We deliver within South Africa.
          </p>
        </div>
        {list.length ? <div className="shrink-0">{addButton}</div> : null}
      </div>

      <div className="mt-6">
        {list.length
          ? (
            <ul className="grid gap-4 md:grid-cols-2" aria-label="Saved addresses">
              {list.map((a) => (
                <li key={a.id}>
                  <AddressCard address={a}>
                    <CardAction address={a} action="edit" onOpen={() => openForm({ kind: "edit", address: a })} />
                    <CardAction address={a} action="delete" onOpen={() => askDelete(a)} />
                    {canBecomeDefault(a)
                      ? (
                        <form
                          method="post"
                          action={`/address-book/${a.id}/default`}
                          className="w-full @sm:ml-auto @sm:w-auto"
                          onSubmit={(e) => makeDefault(e, a)}
                        >
                          <input type="hidden" name="addressType" value={a.addressType} />
                          <button
                            type="submit"
                            className={`${small} w-full justify-center text-green-800 ring-1 ring-green-700/30 hover:bg-green-50 ring-inset @sm:w-auto @sm:ring-0`}
                            disabled={busy === `default-${a.id}`}
                            data-set-default={a.id}
                          >
                            <StarIcon className="h-4 w-4" />
                            Set as Default
                          </button>
                        </form>
                      )
                      : null}
                  </AddressCard>
                </li>
              ))}
            </ul>
          )
          : <NoAddresses action={addButton} />}
      </div>

      <FormDialog
        ref={formDialog}
        titleId="address-dialog-title"
        onClose={() => setEditing(null)}
        data="data-address-dialog"
      >
        <form ref={formRef} onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
          <DialogHeader titleId="address-dialog-title" title={formTitle} onClose={closeForm} />
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6">
            <AddressFields values={values} errors={errors} onChange={change} onBlur={blur} />
          </div>
          <DialogFooter>
            <button type="button" onClick={closeForm} className={buttonStyles.secondary}>Cancel</button>
            <button type="submit" className={buttonStyles.primary} disabled={busy === "form"}>
              {busy === "form" ? "Saving…" : editing?.kind === "edit" ? "Save Changes" : "Save Address"}
            </button>
          </DialogFooter>
        </form>
      </FormDialog>

      <DeleteDialog ref={deleteDialog} idPrefix="address-delete" onClose={() => setDeleting(null)}>
        <div className="flex items-start gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
            <TrashIcon className="h-5 w-5" />
          </span>
          <div>
            <h2 id="address-delete-title" className="text-lg font-bold">
              Delete {deleting?.label || "this address"}?
            </h2>
            <p id="address-delete-text" className="mt-1 text-sm text-stone-700">{DELETE_CONFIRMATION}</p>
          </div>
        </div>
        <ConfirmButtons
          dialog={deleteDialog}
          onConfirm={confirmDelete}
          busy={busy === "delete"}
          className={buttonStyles.danger}
          cancelClass={buttonStyles.secondary}
        >
          {busy === "delete" ? "Deleting…" : "Delete"}
        </ConfirmButtons>
      </DeleteDialog>
    </div>
  );
}
