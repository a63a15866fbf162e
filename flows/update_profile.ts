/**
 * A customer changes their profile (/account settings): the accounts domain checks and saves it, and
 * when the e-mail address changed, the notice to the OLD address (domains/mail) is queued in the same
 * transaction, so a moved account is never moved silently.
 */
import type { Db } from "../db/client.ts";
import { accountSchemas, changeProfile } from "../domains/accounts/mod.ts";
import type { SessionUser } from "../domains/auth/mod.ts";
import { emailChangedEmail, enqueueEmail } from "../domains/mail/mod.ts";

/** What the e-mail-change notice says about the shop. */
export interface ShopMailInfo {
  siteUrl: string;
  shopName: string;
  supportEmail: string;
}

/**
 * Changes name, e-mail and phone (rules in domains/accounts changeProfile); a new e-mail address
 * sends a notice to the old one. 409 when another account has the e-mail.
 */
export async function updateProfile(
  db: Db,
  userId: number,
  input: accountSchemas.ProfileInput,
  shop: ShopMailInfo,
): Promise<SessionUser> {
  return await changeProfile(db, userId, input, async (tx, { user, newEmail, at }) => {
    await enqueueEmail(
      tx,
      emailChangedEmail({
        to: user.email,
        name: user.firstName || user.username,
        newEmail,
        shopName: shop.shopName,
        siteUrl: shop.siteUrl,
        supportEmail: shop.supportEmail,
      }),
      at,
    );
  });
}
