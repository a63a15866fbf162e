/** Referral codes: 8 characters anyone can read aloud (no I, O, 0 or 1 to mistake for each other). */

export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const CODE_LENGTH = 8;

/** A fresh random code (uniform over the alphabet: 256 is a multiple of its 32 letters). */
export function newReferralCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/** The share link a friend follows to register with the code filled in. */
export function referralLink(siteUrl: string, code: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/register?ref=${encodeURIComponent(code)}`;
}
