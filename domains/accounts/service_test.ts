import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { useTestDatabase } from "../../tests/helpers/db.ts";
import {
  addresses,
  auditLogs,
  browsingHistory,
  cartItems,
  cartReminders,
  emailOutbox,
  keeperAnimals,
  loyaltyLedger,
  loyaltyRedemptions,
  newsletterSubscriptions,
  orderItems,
  orders,
  passwordResetTokens,
  referrals,
  reminderPreferences,
  reviewReplies,
  reviews,
  reviewVotes,
  sessions,
  stockNotifications,
  users,
  wishlistItems,
} from "../../db/schema/mod.ts";
import { authenticate, createSession, findUser, registerUser, validateSessionToken } from "../auth/mod.ts";
import { ConflictError, NotFoundError, ValidationError } from "../../lib/errors.ts";
import { authorName, changePassword, FORMER_CUSTOMER, setCustomerTags, setStaffNote } from "./mod.ts";
import { type ShopMailInfo, updateProfile } from "../../flows/update_profile.ts";
import { createCustomer, fillCustomerData, PASSWORD } from "./test_fixtures.ts";
import { deleteAccount } from "../../flows/delete_account.ts";

const { test, closeDatabase } = useTestDatabase();

const NEW_PASSWORD = "Basking-Spot9!";

const SHOP: ShopMailInfo = {
  siteUrl: "https://shop.example",
  shopName: "Reptile Basics",
  supportEmail: "support@reptilebasics.co.za",
};

test("[accounts] profile update saves names, e-mail (lower case) and phone", async (db) => {
  const user = await createCustomer(db);
  const updated = await updateProfile(db, user.id, {
    firstName: "  Lindiwe ",
    lastName: "Dlamini",
    email: " Lindiwe@Example.CO.ZA ",
    phone: "+27 (82) 555-1234",
    currentPassword: PASSWORD,
  }, SHOP);
  assert.equal(updated.firstName, "Lindiwe");
  assert.equal(updated.email, "lindiwe@example.co.za");
  assert.equal(updated.phone, "+27 (82) 555-1234");
  const cleared = await updateProfile(
    db,
    user.id,
    { firstName: "", lastName: "", email: updated.email, phone: "" },
    SHOP,
  );
  assert.equal(cleared.firstName, null, "blank names become null");
  assert.equal(cleared.phone, null, "the phone is optional");
});

test("[accounts] a new e-mail needs the current password and tells the old address", async (db) => {
  const user = await createCustomer(db, { email: "old@example.co.za", firstName: "Lindiwe" });
  const before = await db.select().from(users).where(eq(users.id, user.id));
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    token: "a".repeat(64),
    expires: new Date(Date.now() + 3_600_000),
  });
  await assert.rejects(
    updateProfile(db, user.id, { email: "new@example.co.za" }, SHOP),
    (err) =>
      err instanceof ValidationError &&
      err.issues[0].path === "currentPassword" &&
      err.message === "Please enter your current password to change your e-mail address",
  );
  await assert.rejects(
    updateProfile(db, user.id, { email: "new@example.co.za", currentPassword: "" }, SHOP),
    /Please enter your current password to change your e-mail address/,
    "a blank password is no password",
  );
  await assert.rejects(
    updateProfile(db, user.id, { email: "new@example.co.za", currentPassword: "Wrong-Password1" }, SHOP),
    (err) => err instanceof ValidationError && err.message === "Current password is incorrect",
  );
  assert.deepEqual(await db.select().from(users).where(eq(users.id, user.id)), before, "nothing changed");
  assert.equal((await db.select().from(emailOutbox)).length, 0, "no notice for a refused change");

  // Names and phone alone need no password.
  await updateProfile(db, user.id, { email: "OLD@example.co.za", firstName: "Lindi", phone: "082 555 1234" }, SHOP);
  assert.equal((await db.select().from(emailOutbox)).length, 0, "no notice when the e-mail stays");

  const changed = await updateProfile(
    db,
    user.id,
    { email: "new@example.co.za", firstName: "Lindi", currentPassword: PASSWORD },
    SHOP,
  );
  assert.equal(changed.email, "new@example.co.za");
  const mail = await db.select().from(emailOutbox);
  assert.equal(mail.length, 1);
  assert.equal(mail[0].toAddress, "old@example.co.za", "the notice goes to the OLD address");
  assert.equal(mail[0].subject, "Your Reptile Basics e-mail address was changed");
  assert.match(mail[0].textBody, /Hello Lindi,/);
  assert.match(mail[0].textBody, /changed to ne\*\*\*@example\.co\.za/);
  assert.match(mail[0].textBody, /contact us at support@reptilebasics\.co\.za/);
  assert.ok(!mail[0].textBody.includes("new@example.co.za"), "the new address is masked");
  assert.equal(
    (await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).length,
    0,
    "a reset link sent to the old address dies",
  );
  assert.equal((await authenticate(db, "new@example.co.za", PASSWORD)).id, user.id);
});

test("[accounts] profile rules: phone format, name length, e-mail taken by another account", async (db) => {
  const user = await createCustomer(db, { email: "one@example.co.za" });
  await createCustomer(db, { email: "two@example.co.za" });
  for (const phone of ["12345", "082-555-abcd", "+27 82 555 1234 5678 9", "++27825551234", "(((((((((("]) {
    await assert.rejects(
      updateProfile(db, user.id, { email: "one@example.co.za", phone }, SHOP),
      (err: Error) => err.message.includes("Please enter a valid phone number"),
      phone,
    );
  }
  await assert.rejects(
    updateProfile(db, user.id, { email: "one@example.co.za", firstName: "x".repeat(51) }, SHOP),
    /First name must be at most 50 characters/,
  );
  await assert.rejects(updateProfile(db, user.id, { email: "nope" }, SHOP), /Invalid email address/);
  await assert.rejects(
    updateProfile(db, user.id, { email: "TWO@example.co.za", currentPassword: PASSWORD }, SHOP),
    (err) => err instanceof ConflictError && err.message === "An account with that e-mail address already exists.",
  );
  const same = await updateProfile(db, user.id, { email: "one@example.co.za", phone: "012 345 6789" }, SHOP);
  assert.equal(same.phone, "012 345 6789", "keeping one's own e-mail is no conflict");
});

test("[accounts] password change: wrong current password refused, nothing changes", async (db) => {
  const user = await createCustomer(db);
  const other = await createSession(db, { userId: user.id });
  await assert.rejects(
    changePassword(db, user.id, null, {
      currentPassword: "Wrong-Password1",
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    }),
    (err) =>
      err instanceof ValidationError && err.message === "Current password is incorrect" &&
      err.issues[0].path === "currentPassword",
  );
  assert.ok(await validateSessionToken(db, other.token), "sessions untouched");
  assert.ok(await authenticate(db, user.username, PASSWORD), "old password still works");
  await assert.rejects(
    changePassword(db, user.id, null, { currentPassword: PASSWORD, newPassword: "weak", confirmPassword: "weak" }),
    /Password must be at least 8 characters/,
  );
  await assert.rejects(
    changePassword(db, user.id, null, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: "Basking-Spot9?",
    }),
    /Passwords do not match/,
  );
});

test("[accounts] password change ends every other session and keeps the current one", async (db) => {
  const user = await createCustomer(db);
  const current = await createSession(db, { userId: user.id });
  const phone = await createSession(db, { userId: user.id, remember: true });
  const laptop = await createSession(db, { userId: user.id });
  const stranger = await createSession(db, { userId: (await createCustomer(db)).id });
  await changePassword(db, user.id, current.session.id, {
    currentPassword: PASSWORD,
    newPassword: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  });
  assert.ok(await validateSessionToken(db, current.token), "this browser stays signed in");
  assert.equal(await validateSessionToken(db, phone.token), null);
  assert.equal(await validateSessionToken(db, laptop.token), null);
  assert.ok(await validateSessionToken(db, stranger.token), "other users' sessions are not touched");
  const [row] = await db.select({ password: users.password }).from(users).where(eq(users.id, user.id));
  assert.match(row.password, /^\$argon2id\$/);
  await assert.rejects(authenticate(db, user.username, PASSWORD), /Invalid username or password/);
  assert.equal((await authenticate(db, user.username, NEW_PASSWORD)).id, user.id);
});

test("[accounts] repeated wrong passwords are rate limited", async (db) => {
  const user = await createCustomer(db);
  const wrong = { currentPassword: "Wrong-Password1", newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
  for (let i = 0; i < 5; i++) await assert.rejects(changePassword(db, user.id, null, wrong), /incorrect/);
  await assert.rejects(
    changePassword(db, user.id, null, { ...wrong, currentPassword: PASSWORD }),
    /Too many attempts/,
    "even the right password waits once the allowance is used",
  );
});

test("[accounts] deletion needs the right password and changes nothing without it", async (db) => {
  const user = await createCustomer(db);
  await assert.rejects(
    deleteAccount(db, user.id, "Wrong-Password1"),
    (err) => err instanceof ValidationError && err.message === "Password is incorrect",
  );
  await assert.rejects(deleteAccount(db, user.id, ""), /Password is required/);
  assert.ok(await findUser(db, user.id));
});

test("[accounts] deletion anonymises the user, removes personal rows and keeps orders", async (db) => {
  const user = await createCustomer(db, { username: "gecko_fan", email: "gecko.fan@example.co.za" });
  await db.update(users).set({ waId: "27821234567" }).where(eq(users.id, user.id));
  const made = await fillCustomerData(db, user);
  const staff = await createCustomer(db, { username: "pieter", email: "pieter@example.co.za" });
  await setStaffNote(db, staff, user.id, "Gate code 4521.");
  await setCustomerTags(db, staff, user.id, ["breeder"]);
  const { deletedAt } = await deleteAccount(db, user.id, PASSWORD);

  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  assert.equal(row.username, `deleted-${user.id}`);
  assert.equal(row.email, `deleted-${user.id}@deleted.invalid`);
  assert.equal(row.firstName, null);
  assert.equal(row.lastName, null);
  assert.equal(row.phone, null);
  assert.equal(row.waId, null, "the WhatsApp number goes too");
  assert.equal(row.staffNote, null, "staff's note goes");
  const [noted] = await db.select().from(auditLogs).where(eq(auditLogs.action, "note_change"));
  assert.deepEqual(noted.details, { erased: true }, "the audit trail keeps that it changed, not the text");
  assert.deepEqual(row.tags, [], "staff's tags go");
  const [tagged] = await db.select().from(auditLogs).where(eq(auditLogs.action, "tags_change"));
  assert.deepEqual(tagged.details, { erased: true }, "and the tags from the audit trail");
  assert.equal(row.role, "customer");
  assert.equal(row.defaultShippingAddressId, null);
  assert.equal(row.defaultBillingAddressId, null);
  assert.equal(row.deletedAt?.getTime(), deletedAt.getTime());
  assert.match(row.password, /^\$argon2id\$/, "an unusable hash, not an empty string");

  const mine = async (table: any, column: any) => (await db.select().from(table).where(eq(column, user.id))).length;
  assert.equal(await mine(addresses, addresses.userId), 0);
  assert.equal(await mine(cartItems, cartItems.userId), 0);
  assert.equal(await mine(wishlistItems, wishlistItems.userId), 0);
  assert.equal(await mine(sessions, sessions.userId), 0);
  assert.equal(await mine(passwordResetTokens, passwordResetTokens.userId), 0);
  assert.equal(await mine(stockNotifications, stockNotifications.userId), 0);
  assert.equal(await mine(browsingHistory, browsingHistory.userId), 0);
  assert.equal(await mine(newsletterSubscriptions, newsletterSubscriptions.userId), 0);
  assert.equal(await mine(reviewVotes, reviewVotes.userId), 0);
  assert.equal(await mine(loyaltyLedger, loyaltyLedger.userId), 0);
  assert.equal(await mine(keeperAnimals, keeperAnimals.userId), 0, "the keeper's animals go");
  assert.equal(await mine(reminderPreferences, reminderPreferences.userId), 0);
  assert.equal(await mine(cartReminders, cartReminders.userId), 0);
  assert.equal((await db.select().from(emailOutbox)).length, 0, "mail to the address is gone");
  assert.equal(
    (await db.select().from(newsletterSubscriptions)).length,
    0,
    "the subscription by e-mail is gone",
  );

  // Kept: orders and lines (tax records), the redemption applied to the kept order, the used referral.
  const [order] = await db.select().from(orders).where(eq(orders.id, made.order.id));
  assert.equal(order.userId, user.id);
  assert.equal(order.total, "598.00");
  assert.equal((order.shippingAddress as { addressLine1: string }).addressLine1, "12 Jacaranda Street");
  assert.equal((await db.select().from(orderItems).where(eq(orderItems.orderId, order.id))).length, 1);
  const redemptions = await db.select().from(loyaltyRedemptions).where(eq(loyaltyRedemptions.userId, user.id));
  assert.deepEqual(redemptions.map((r) => r.orderId), [order.id]);
  const refs = await db.select().from(referrals).where(eq(referrals.referrerId, user.id));
  assert.deepEqual(refs.map((r) => r.status), ["completed"]);

  // Reviews and replies keep their content; the author reads 'Former customer'.
  const [review] = await db.select().from(reviews).where(eq(reviews.id, made.ownReview.id));
  assert.equal(review.content, "Even heat, no hot spots.");
  assert.equal(authorName(row), FORMER_CUSTOMER);
  assert.equal((await db.select().from(reviewReplies).where(eq(reviewReplies.userId, user.id))).length, 1);
  const [voted] = await db.select().from(reviews).where(eq(reviews.id, made.othersReview.id));
  assert.equal(voted.helpfulCount, 0, "the removed vote no longer counts");

  // The other customer is untouched.
  assert.ok(await findUser(db, made.other.id));
});

test("[accounts] a deleted account cannot sign in; its username and e-mail are free again", async (db) => {
  const user = await createCustomer(db, { username: "gecko_fan", email: "gecko.fan@example.co.za" });
  const session = await createSession(db, { userId: user.id, remember: true });
  await deleteAccount(db, user.id, PASSWORD);
  assert.equal(await validateSessionToken(db, session.token), null, "signed out everywhere");
  await assert.rejects(authenticate(db, "gecko_fan", PASSWORD), /Invalid username or password/);
  await assert.rejects(authenticate(db, `deleted-${user.id}`, PASSWORD), /Invalid username or password/);
  assert.equal(await findUser(db, user.id), null);
  await assert.rejects(deleteAccount(db, user.id, PASSWORD), (err) => err instanceof NotFoundError);
  const again = await registerUser(db, {
    username: "gecko_fan",
    email: "gecko.fan@example.co.za",
    password: PASSWORD,
    confirmPassword: PASSWORD,
    firstName: null,
    lastName: null,
    acceptTerms: true,
  });
  assert.notEqual(again.id, user.id, "a new, separate account");
  assert.equal((await authenticate(db, "gecko_fan", PASSWORD)).id, again.id);
});

test("[accounts] authorName: first name and initial, else username; erased is 'Former customer'", () => {
  const base = { username: "gecko_fan", firstName: "Thandi", lastName: "Nkosi", deletedAt: null };
  assert.equal(authorName(base), "Thandi N.");
  assert.equal(authorName({ ...base, firstName: null }), "gecko_fan");
  assert.equal(authorName({ ...base, deletedAt: new Date() }), "Former customer");
  assert.equal(authorName(null), "Former customer");
});

closeDatabase();
