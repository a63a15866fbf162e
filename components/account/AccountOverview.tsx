/** The Overview tab: account information, the loyalty card, offers for the customer's tags and the last 3 orders. */
import type { LoyaltySummary } from "../../flows/account_overview.ts";
import type { OrderSummary } from "../../domains/orders/mod.ts";
import { PointsCard, TierProgress } from "../loyalty/PointsCard.tsx";
import { formatPoints } from "../loyalty/format.ts";
import { RecentOrders } from "./AccountOrders.tsx";
import { secondaryButton } from "../ui/buttons.ts";
import { AccountCard } from "./AccountShell.tsx";
import { OffersCard } from "./OffersCard.tsx";
import type { CouponRule } from "../../domains/coupons/mod.ts";

/** What the account pages show about the user. */
export interface AccountProfile {
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  phone: string | null;
  /** Printed on tax invoices issued after it is given. */
  vatNumber: string | null;
  createdAt: Date;
}

const memberSince = new Intl.DateTimeFormat("en-ZA", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Johannesburg",
});

export function fullName(p: { firstName: string | null; lastName: string | null }): string | null {
  const name = [p.firstName, p.lastName].filter(Boolean).join(" ");
  return name || null;
}

function Missing({ text }: { text: string }) {
  return <span className="text-stone-500 italic">{text}</span>;
}

export function AccountInfoCard({ profile }: { profile: AccountProfile }) {
  const rows = [
    { label: "Username", value: profile.username },
    { label: "Name", value: fullName(profile) ?? <Missing text="Not added yet" /> },
    { label: "E-mail", value: <span className="break-all">{profile.email}</span> },
    { label: "Phone", value: profile.phone ?? <Missing text="Not added yet" /> },
    {
      label: "Member since",
      value: <time dateTime={profile.createdAt.toISOString()}>{memberSince.format(profile.createdAt)}</time>,
    },
  ];
  return (
    <AccountCard
      id="account-info"
      title="Account information"
      action={<a href="/account?tab=settings" className={secondaryButton}>Edit</a>}
    >
      <dl className="divide-y divide-stone-100 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2.5 first:pt-0 last:pb-0">
            <dt className="font-medium text-stone-500">{r.label}</dt>
            <dd className="text-stone-900">{r.value}</dd>
          </div>
        ))}
      </dl>
    </AccountCard>
  );
}

const TIER_STYLE: Record<LoyaltySummary["tier"], string> = {
  Bronze: "bg-amber-200/90 text-amber-950",
  Silver: "bg-stone-100 text-stone-800",
  Gold: "bg-yellow-300 text-yellow-950",
};

export function LoyaltyCard({ loyalty }: { loyalty: LoyaltySummary }) {
  return (
    <PointsCard
      id="loyalty-title"
      title="Loyalty rewards"
      points={loyalty.points}
      data="data-loyalty-card"
      badge={
        <span className={`rounded-full px-3 py-1 text-xs font-bold ${TIER_STYLE[loyalty.tier]}`} data-tier>
          {loyalty.tier} Tier
        </span>
      }
    >
      <div className="mt-5">
        <TierProgress
          percent={loyalty.progressPercent}
          bar="h-2"
          text={loyalty.next
            ? `Earn ${formatPoints(loyalty.next.pointsNeeded)} more points to reach ${loyalty.next.tier} Tier`
            : "You've reached Gold Tier status"}
        />
      </div>
      <p className="mt-4 text-xs text-green-100/90">1 point for every R1 you spend. Redeem points for discounts.</p>
      <a
        href="/loyalty"
        className="mt-4 inline-flex items-center rounded-lg bg-white px-4 py-2 text-sm font-semibold text-green-900 shadow-sm hover:bg-green-50"
      >
        View rewards
      </a>
    </PointsCard>
  );
}

export function AccountOverviewPanel(
  { profile, orders, ordersFailed, loyalty, offers }: {
    profile: AccountProfile;
    orders: OrderSummary[];
    ordersFailed: boolean;
    loyalty: LoyaltySummary;
    /** Coupons kept for the customer's tags that they may use today (decision 0116). */
    offers: CouponRule[];
  },
) {
  return (
    <div className="space-y-6">
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] md:grid-cols-2">
        <AccountInfoCard profile={profile} />
        <LoyaltyCard loyalty={loyalty} />
      </div>
      <OffersCard offers={offers} />
      <RecentOrders orders={orders} failed={ordersFailed} />
    </div>
  );
}
