/**
 * The address book's page frames: the list page (around the AddressBook island), its load-error state,
 * and the pages that make it work without JavaScript: the add and edit forms and the delete confirmation.
 */
import type { ReactNode } from "react";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { FormAlert } from "../ui/Field.tsx";
import { AddressCard, type AddressCardData } from "./AddressCard.tsx";
import { type AddressFieldErrors, AddressFields, type AddressFormValues } from "./AddressForm.tsx";
import { MapPinIcon, TrashIcon } from "../ui/icons.tsx";

export const DELETE_CONFIRMATION = "Are you sure you want to delete this address? This action cannot be undone.";
export const LOAD_ERROR = "Failed to load addresses. Please try again later.";

const primary =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-green-800 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700";
const secondary =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-5 py-2.5 font-semibold text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700";
const danger =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

/**
 * Breadcrumbs and width shared by every address book page. `returnTo`: the page that sent the customer
 * here (checkout, when a default shipping address was missing), offered as the way back.
 */
export function AddressBookFrame(
  { current, returnTo, children }: { current?: string; returnTo?: string; children: ReactNode },
) {
  const crumbs = [
    { label: "Home", href: "/" },
    { label: "My Account", href: "/account" },
    { label: "Address Book", href: "/address-book" },
    ...(current ? [{ label: current }] : []),
  ];
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <Breadcrumbs items={crumbs} />
      {returnTo
        ? (
          <div
            className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-green-700/30 bg-green-50 p-4"
            data-return-to={returnTo}
          >
            <p className="text-sm text-green-950">
              Checkout sends your order to your default shipping address. Add one or set one as default, then continue.
            </p>
            <a href={returnTo} className={primary}>Continue to checkout</a>
          </div>
        )
        : null}
      <div className="mt-5">{children}</div>
    </div>
  );
}

/** The list could not be loaded: heading 'Address Book' and the spec's text. */
export function AddressBookError() {
  return (
    <AddressBookFrame>
      <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Address Book</h1>
      <div className="mt-6 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-900" role="alert">
        <p className="font-semibold">{LOAD_ERROR}</p>
        <p className="mt-3 text-sm">
          <a href="/address-book" className="font-semibold underline">Try again</a> or go back to{" "}
          <a href="/account" className="font-semibold underline">My Account</a>.
        </p>
      </div>
    </AddressBookFrame>
  );
}

/** The add or edit form as its own page (the no-JavaScript path; the island uses a dialog instead). */
export function AddressFormPage(
  { title, action, values, errors, message, submitLabel, wasDefault }: {
    title: string;
    action: string;
    values: AddressFormValues;
    errors: AddressFieldErrors;
    message?: string | null;
    submitLabel: string;
    /** Edit only: whether the address was a default when the form was shown. */
    wasDefault?: boolean;
  },
) {
  return (
    <AddressBookFrame current={title}>
      <div className="mx-auto max-w-2xl rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900">{title}</h1>
        <p className="mt-1 text-sm text-stone-600">Fields without “optional” are required.</p>
        <form method="post" action={action} className="mt-6 space-y-6" noValidate data-address-form>
          <FormAlert message={message} />
          {wasDefault !== undefined ? <input type="hidden" name="wasDefault" value={String(wasDefault)} /> : null}
          <AddressFields values={values} errors={errors} />
          <div className="flex flex-col-reverse gap-3 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
            <a href="/address-book" className={secondary}>Cancel</a>
            <button type="submit" className={primary}>{submitLabel}</button>
          </div>
        </form>
      </div>
    </AddressBookFrame>
  );
}

/** The delete confirmation as its own page (the no-JavaScript path). */
export function AddressDeletePage({ address }: { address: AddressCardData }) {
  return (
    <AddressBookFrame current="Delete address">
      <div className="mx-auto max-w-lg rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="flex items-start gap-4">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-700">
            <TrashIcon className="h-5 w-5" />
          </span>
          <div>
            <h1 className="text-xl font-bold text-stone-900">Delete address</h1>
            <p className="mt-1 text-sm text-stone-700">{DELETE_CONFIRMATION}</p>
          </div>
        </div>
        <div className="mt-6">
          <AddressCard address={address} />
        </div>
        <form
          method="post"
          action={`/address-book/${address.id}/delete`}
          className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <a href="/address-book" className={secondary}>Cancel</a>
          <button type="submit" className={danger}>Delete address</button>
        </form>
      </div>
    </AddressBookFrame>
  );
}

/** The empty state's picture and words (shared with the island). */
export function NoAddresses({ action }: { action: ReactNode }) {
  return (
    <div
      className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-14 text-center"
      data-empty
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-green-50 text-green-800">
        <MapPinIcon className="h-7 w-7" />
      </span>
      <h2 className="mt-4 text-lg font-bold text-stone-900">No Addresses Found</h2>
      <p className="mt-1 max-w-sm text-sm text-stone-600">
        Save your delivery and billing addresses here for a quicker checkout.
      </p>
      <div className="mt-6">{action}</div>
    </div>
  );
}

export const buttonStyles = { primary, secondary, danger };
