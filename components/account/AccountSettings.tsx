/**
 * The Account Settings tab: personal details, password change, data download and the way to account
 * deletion. Plain forms posting to /account/* (they work without JavaScript); the new-password field
 * is the PasswordField island (strength meter) over a normal input.
 */
import type { ReactNode } from "react";
import { Island } from "../../lib/islands.tsx";
import PasswordField from "../../islands/PasswordField.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../ui/buttons.ts";
import {
  ConfirmPasswordField,
  CurrentPasswordField,
  EmailField,
  Field,
  fieldLabelClass,
  FormAlert,
  type FormState,
  NameFields,
} from "../ui/Field.tsx";
import { DownloadIcon, ShieldIcon } from "../ui/icons.tsx";
import type { AccountProfile } from "./AccountOverview.tsx";
import { AccountCard } from "./AccountShell.tsx";

/**
 * A settings card holding one form: the form-level message on top, the fields, the submit button at
 * the bottom right. `id` names the card (its anchor) and the form (data-form).
 */
function SettingsForm(
  { id, title, description, action, message, submit, children }: {
    id: string;
    title: string;
    description: string;
    action: string;
    message?: string;
    submit: string;
    children: ReactNode;
  },
) {
  return (
    <AccountCard id={id} title={title} description={description}>
      <form method="post" action={action} className="max-w-2xl space-y-4" noValidate data-form={id}>
        <FormAlert message={message} />
        {children}
        <div className="flex justify-end">
          <button type="submit" className={primaryButton}>{submit}</button>
        </div>
      </form>
    </AccountCard>
  );
}

export function ProfileForm({ profile, state = {} }: { profile: AccountProfile; state?: FormState }) {
  const v = state.values ?? {
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    email: profile.email,
    phone: profile.phone ?? "",
    vatNumber: profile.vatNumber ?? "",
  };
  const e = state.errors ?? {};
  return (
    <SettingsForm
      id="profile"
      title="Personal details"
      description="Your name and contact details for orders and delivery updates."
      action="/account/profile"
      message={state.message}
      submit="Save changes"
    >
      <div>
        <p className={fieldLabelClass}>Username</p>
        <p className="rounded-lg border border-stone-200 bg-stone-50 px-3 py-2.5 text-stone-700">
          {profile.username}
        </p>
        <p className="mt-1 text-xs text-stone-500">Your username is how you sign in; it cannot be changed.</p>
      </div>
      <NameFields values={v} errors={e} />
      <EmailField defaultValue={v.email} error={e.email} />
      <Field
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        maxLength={20}
        defaultValue={v.phone}
        error={e.phone}
        hint="For example 082 555 1234 or +27 82 555 1234."
      />
      <Field
        label="VAT number (optional)"
        name="vatNumber"
        inputMode="numeric"
        maxLength={20}
        defaultValue={v.vatNumber}
        error={e.vatNumber}
        hint="For a VAT-registered business: 10 digits starting with 4. Printed on tax invoices for orders you pay from now on."
      />
      {/* Always shown (no script decides when); the server asks for it only when the e-mail changes. */}
      <CurrentPasswordField
        id="field-profile-currentPassword"
        label="Current password (only needed to change your e-mail)"
        name="currentPassword"
        required={false}
        error={e.currentPassword}
        hint="Your e-mail address is where password resets go, so changing it needs your password. We also tell your old address."
      />
    </SettingsForm>
  );
}

export function PasswordForm({ state = {} }: { state?: FormState }) {
  const e = state.errors ?? {};
  return (
    <SettingsForm
      id="password"
      title="Change password"
      description="You stay signed in here; every other device is signed out."
      action="/account/password"
      message={state.message}
      submit="Change password"
    >
      <CurrentPasswordField label="Current password" name="currentPassword" error={e.currentPassword} />
      <Island
        name="PasswordField"
        component={PasswordField}
        props={{ id: "field-newPassword", name: "newPassword", label: "New password", error: e.newPassword ?? null }}
      />
      <ConfirmPasswordField label="Confirm new password" error={e.confirmPassword} />
    </SettingsForm>
  );
}

export function DataCard({ exportHref }: { exportHref: string }) {
  return (
    <AccountCard
      id="your-data"
      title="Your data"
      description={
        <>
          Download a copy of everything we hold about you: profile, addresses, orders, reviews, wishlist, loyalty points
          and more, as a JSON file. Read how we use it in our{" "}
          <a href="/privacy" className="font-medium text-green-800 underline">privacy policy</a>.
        </>
      }
    >
      <a href={exportHref} className={secondaryButton} download data-export-link>
        <DownloadIcon className="h-4 w-4" />
        Download my data
      </a>
    </AccountCard>
  );
}

export function DeleteCard() {
  return (
    <AccountCard
      id="delete-account"
      tone="danger"
      title="Delete my account"
      description="Erase your personal details, addresses, wishlist and saved preferences. Order records are kept for five years, as South African tax law requires."
    >
      <a href="/account/delete" className={dangerButton}>Delete my account</a>
    </AccountCard>
  );
}

/** The e-mails a switch on this tab turns on and off, and what its card says either way. */
const EMAIL_SWITCHES = {
  cart: {
    id: "cart-reminders",
    title: "Cart reminders",
    on: "On: when you leave items in your cart for a few hours, we e-mail you once about them.",
    off: "Off: we send no e-mails about items left in your cart.",
    what: "cart reminders",
  },
  price: {
    id: "price-alerts",
    title: "Wishlist price drops",
    on: "On: when something on your wishlist drops in price by 5% or more, and is in stock, we e-mail you.",
    off: "Off: we send no e-mails about prices on your wishlist.",
    what: "price-drop e-mails",
  },
} as const;

/** One kind of e-mail's switch (the twin of PUT /api/account/reminders with its kind). */
function EmailSwitchCard({ kind, on }: { kind: keyof typeof EMAIL_SWITCHES; on: boolean }) {
  const texts = EMAIL_SWITCHES[kind];
  return (
    <AccountCard id={texts.id} title={texts.title} description={on ? texts.on : texts.off}>
      <form method="post" action="/account/reminders">
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="on" value={on ? "0" : "1"} />
        <button type="submit" className={secondaryButton}>
          {`Turn ${texts.what} ${on ? "off" : "on"}`}
        </button>
      </form>
    </AccountCard>
  );
}

export function AccountSettingsPanel(
  { profile, profileState, passwordState, exportHref, cartReminders, priceAlerts }: {
    profile: AccountProfile;
    profileState?: FormState;
    passwordState?: FormState;
    exportHref: string;
    /** Whether the customer gets cart reminders. */
    cartReminders: boolean;
    /** Whether the customer gets wishlist price-drop e-mails. */
    priceAlerts: boolean;
  },
) {
  return (
    <div className="space-y-6">
      <ProfileForm profile={profile} state={profileState} />
      <PasswordForm state={passwordState} />
      <EmailSwitchCard kind="cart" on={cartReminders} />
      <EmailSwitchCard kind="price" on={priceAlerts} />
      <DataCard exportHref={exportHref} />
      <DeleteCard />
      <p className="flex items-center gap-2 text-xs text-stone-500">
        <ShieldIcon className="h-4 w-4 text-green-700" />
        Your details are protected under POPIA. We never sell your personal information.
      </p>
    </div>
  );
}
