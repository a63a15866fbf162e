/** Class names the loyalty and referral pages share, so their cards and links look alike. */

/** A white, rounded card: one section of the page. */
export const card = "rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6";

/** An underlined green link inside running text. */
export const textLink =
  "font-semibold text-green-800 underline decoration-green-800/30 underline-offset-2 hover:decoration-green-800";
