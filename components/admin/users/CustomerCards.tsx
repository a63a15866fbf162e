/**
 * The admin user page's second row: what the customer has bought (paid orders, spent net of refunds,
 * average, first and last), the e-mails they agreed to, and staff's own tags and note on them.
 */
import type { CustomerFigures } from "../../../domains/orders/mod.ts";
import type { NewsletterStatus } from "../../../domains/newsletter/mod.ts";
import type { MarketingChoices } from "../../../flows/staff_user_detail.ts";
import type { TagInUse } from "../../../domains/accounts/mod.ts";
import { CUSTOMER_TAG_MAX, CUSTOMER_TAGS_MAX, STAFF_NOTE_MAX } from "../../../domains/accounts/staff_schemas.ts";
import { formatMoney } from "../../../lib/money.ts";
import { fieldInputClass } from "../../ui/Field.tsx";
import { secondaryButton } from "../../ui/buttons.ts";
import { formatDate, Pill } from "../shared/AdminTable.tsx";

const card = "rounded-xl border border-stone-200 bg-white p-5";

function Fact({ label, children, data }: { label: string; children: string | number; data?: string }) {
  return (
    <div>
      <dt className="text-stone-500">{label}</dt>
      <dd data-fact={data}>{children}</dd>
    </div>
  );
}

export function PurchasesCard({ figures }: { figures: CustomerFigures }) {
  return (
    <section className={card} aria-labelledby="purchases-h">
      <h2 id="purchases-h" className="font-bold">Purchases</h2>
      {figures.paidOrders
        ? (
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            <Fact label="Paid orders" data="paid-orders">{figures.paidOrders}</Fact>
            <Fact label="Spent" data="spent">{formatMoney(figures.spentCents)}</Fact>
            <Fact label="Average order" data="average">{formatMoney(figures.averageCents)}</Fact>
            <Fact label="Last order" data="last-order">
              {figures.lastPaidAt ? formatDate(figures.lastPaidAt) : "—"}
            </Fact>
            <Fact label="First order">{figures.firstPaidAt ? formatDate(figures.firstPaidAt) : "—"}</Fact>
          </dl>
        )
        : <p className="mt-3 text-sm text-stone-600">No paid orders yet.</p>}
      <p className="mt-3 text-xs text-stone-500">Paid orders that were not cancelled; refunds taken off.</p>
    </section>
  );
}

const NEWSLETTER_TEXT: Record<NewsletterStatus, string> = {
  subscribed: "Subscribed",
  unconfirmed: "Signed up, not yet confirmed (nothing is sent)",
  unsubscribed: "Unsubscribed",
  never: "Never signed up",
};

export function EmailChoicesCard(
  { marketing }: {
    marketing: MarketingChoices;
  },
) {
  const onOff = (on: boolean) => (on ? "On" : "Off (turned off by the customer)");
  return (
    <section className={card} aria-labelledby="email-h">
      <h2 id="email-h" className="font-bold">E-mail choices</h2>
      <dl className="mt-3 space-y-2 text-sm">
        <Fact label="Newsletter" data="newsletter">{NEWSLETTER_TEXT[marketing.newsletter]}</Fact>
        <Fact label="Cart reminders" data="cart-reminders">{onOff(marketing.cartReminders)}</Fact>
        <Fact label="Replacement reminders">{onOff(marketing.replacementReminders)}</Fact>
        <Fact label="Wishlist price drops" data="price-alerts">{onOff(marketing.priceAlerts)}</Fact>
      </dl>
      <p className="mt-3 text-xs text-stone-500">Only the customer changes these, from their e-mails or account.</p>
    </section>
  );
}

/** A customer's tags as small pills, each a link to the customers list filtered by it. */
export function TagPills({ tags }: { tags: string[] }) {
  return (
    <span className="inline-flex flex-wrap gap-1" data-tags={tags.join(",")}>
      {tags.map((t) => (
        <a key={t} href={`/admin/users?tag=${encodeURIComponent(t)}`} className="hover:underline">
          <Pill tone="grey">{t}</Pill>
        </a>
      ))}
    </span>
  );
}

/**
 * Staff's tags (one comma-separated field, so it works without JavaScript) and note on a customer.
 * The tags in use are offered under the field, so "breeder" is not also typed "breeders".
 */
export function StaffNoteCard(
  { userId, note, tags, tagsInUse, automaticTags, erased }: {
    userId: number;
    note: string | null;
    tags: string[];
    tagsInUse: TagInUse[];
    /** Tags automatic rules keep: a change by hand lasts until the rule's next run. */
    automaticTags: string[];
    erased: boolean;
  },
) {
  const others = tagsInUse.filter((t) => !tags.includes(t.tag)).slice(0, 12);
  return (
    <section className={card} aria-labelledby="note-h">
      <h2 id="note-h" className="font-bold">Tags and note</h2>
      {erased
        ? <p className="mt-3 text-sm text-stone-600">An erased account keeps no tags and no note.</p>
        : (
          <form method="post" action={`/admin/users/${userId}/tags`} className="mt-3 space-y-2">
            <label htmlFor="staff-tags" className="block text-sm text-stone-500">Tags</label>
            {tags.length
              ? (
                <p>
                  <TagPills tags={tags} />
                </p>
              )
              : null}
            <input
              id="staff-tags"
              name="tags"
              defaultValue={tags.join(", ")}
              maxLength={CUSTOMER_TAGS_MAX * (CUSTOMER_TAG_MAX + 2)}
              placeholder="breeder, wholesale"
              aria-describedby="staff-tags-help"
              className={fieldInputClass}
            />
            <p id="staff-tags-help" className="text-xs text-stone-500">
              {`Separate tags with commas; at most ${CUSTOMER_TAGS_MAX}. `}
              {others.length ? `In use: ${others.map((t) => t.tag).join(", ")}.` : ""}
            </p>
            {automaticTags.length
              ? (
                <p className="text-xs text-stone-500" data-automatic-tags>
                  {`Kept by automatic rules: ${automaticTags.join(", ")}. Given or taken off here, they follow ` +
                    "their rule again at its next hourly run."}
                </p>
              )
              : null}
            <button type="submit" className={secondaryButton}>Save tags</button>
          </form>
        )}
      {erased ? null : (
        <form method="post" action={`/admin/users/${userId}/note`} className="mt-4 space-y-2">
          <label htmlFor="staff-note" className="block text-sm text-stone-500">Note</label>
          <textarea
            id="staff-note"
            name="note"
            maxLength={STAFF_NOTE_MAX}
            rows={4}
            defaultValue={note ?? ""}
            placeholder="Preferences, a gate code, what was agreed on the phone..."
            className={fieldInputClass}
          />
          <p className="text-xs text-stone-500">
            Only staff see it here; the customer's data download includes it. Changes are in the audit log.
          </p>
          <button type="submit" className={secondaryButton}>Save note</button>
        </form>
      )}
    </section>
  );
}
