/**
 * Settings of the AMP pages' two analytics tags (the spec asks for two): Google Analytics (gtag) and
 * the Meta (Facebook) pixel. Both ids are PLACEHOLDERS: hits sent with them reach no real property.
 * Put the shop's real ids here (or move them into config.ts) before relying on AMP analytics.
 */

/** Google Analytics 4 measurement id used by the AMP pages. Placeholder. */
export const AMP_GA_MEASUREMENT_ID = "G-XXXXXXX";

/** Meta (Facebook) pixel id used by the AMP pages. Placeholder. */
export const AMP_FACEBOOK_PIXEL_ID = "000000000000000";
