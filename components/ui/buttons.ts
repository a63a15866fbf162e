/**
 * Button looks, as class lists for a <button> or a link styled as one, so every form draws its
 * buttons the same way.
 */

/**
 * The full-width submit button at the foot of a form card (sign-in, registration, password reset);
 * dimmed while disabled (the reset form disables it while it checks its link).
 */
export const fullWidthButton =
  "w-full rounded-lg bg-green-800 px-4 py-3 font-semibold text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

/** A link that looks like {@link fullWidthButton}: the next step after a form card's message. */
export const fullWidthLinkButton =
  "block w-full rounded-lg bg-green-800 px-4 py-3 text-center font-semibold text-white hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2";

/** The quieter full-width link beside {@link fullWidthLinkButton}. */
export const fullWidthSecondaryLinkButton =
  "block w-full rounded-lg border border-stone-300 bg-white px-4 py-3 text-center font-semibold text-stone-800 hover:bg-stone-100";

/** Compact buttons that sit side by side in a card (the account area): small text, room for an icon. */
export const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-green-800 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-green-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800";

export const secondaryButton =
  "inline-flex items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 shadow-sm hover:border-stone-400 hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800";

/** For what cannot be undone (deleting the account). */
export const dangerButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";
