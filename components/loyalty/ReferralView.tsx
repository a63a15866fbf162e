/**
 * The referral page (/referral): the customer's code and share link with Copy and Share buttons, how
 * it works (the friend's first-order discount, the customer's 50 points), the friends who used the
 * code with their status, and the points referrals earned.
 */
import { Island } from "../../lib/islands.tsx";
import ShareButton, { type ShareButtonProps } from "../../islands/ShareButton.tsx";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { card } from "./styles.ts";
import { formatDate, formatPoints } from "./format.ts";

export interface ReferralPageData {
  code: string;
  link: string;
  referrals: {
    username: string;
    status: "pending" | "completed" | "reversed";
    dateUsed: string | null;
    firstOrderCompleted: boolean;
  }[];
  pointsEarned: number;
  discountPercent: number;
  pointsPerReferral: number;
}

const CRUMBS = [
  { label: "Home", href: "/" },
  { label: "Account", href: "/account" },
  { label: "Loyalty Programme", href: "/loyalty" },
  { label: "Refer a Friend" },
];

const STATUS: Record<ReferralPageData["referrals"][number]["status"], { label: string; className: string }> = {
  pending: { label: "Signed up, no order yet", className: "bg-amber-50 text-amber-900 ring-amber-600/20" },
  completed: { label: "First order paid", className: "bg-green-50 text-green-900 ring-green-700/20" },
  reversed: { label: "Order refunded", className: "bg-stone-100 text-stone-700 ring-stone-500/20" },
};

/** A ShareButton for the referral link (`copyOnly`: the plain Copy button beside it). */
function ShareLink({ url, ...button }: Omit<ShareButtonProps, "copiedText">) {
  return (
    <Island
      name="ShareButton"
      component={ShareButton}
      props={{ url, ...button, copiedText: "Referral link copied to clipboard" }}
    />
  );
}

export function ReferralView({ data }: { data: ReferralPageData }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={CRUMBS} />
      <header className="mt-5">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Refer a Friend</h1>
        <p className="mt-2 text-stone-600">
          {`Your friend gets ${data.discountPercent}% off their first order; you get ${data.pointsPerReferral} points once it is paid.`}
        </p>
      </header>

      <section aria-labelledby="code-title" className={`${card} mt-6`} data-referral-card>
        <h2 id="code-title" className="text-lg font-bold tracking-tight text-stone-900">Your referral code</h2>
        <p className="mt-3 font-mono text-3xl font-bold tracking-widest text-green-900" data-referral-code>
          {data.code}
        </p>
        <label htmlFor="referral-link" className="mt-4 block text-sm font-medium text-stone-800">Share link</label>
        <div className="mt-1 flex flex-col gap-2 sm:flex-row">
          <input
            id="referral-link"
            readOnly
            value={data.link}
            className="min-w-0 flex-1 rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-800"
            data-referral-link
          />
          <div className="flex gap-2">
            <ShareLink url={data.link} title="Copy link" copyOnly label="Copy link" />
            <ShareLink url={data.link} title="Shop reptile supplies with me" />
          </div>
        </div>
        <ol className="mt-5 list-decimal space-y-1 pl-5 text-sm text-stone-700">
          <li>Send your link (or code) to a friend who has not shopped with us yet.</li>
          <li>{`They create an account from the link and get ${data.discountPercent}% off their first order.`}</li>
          <li>{`When their first order is paid, ${data.pointsPerReferral} points go to your loyalty balance.`}</li>
        </ol>
        <p className="mt-3 text-xs text-stone-500">
          A friend who already has an account can enter your code before their first paid order. The discount does not
          combine with a first-order coupon such as WELCOME10: the larger one applies. Points are taken back if that
          order is refunded in full.
        </p>
      </section>

      <section aria-labelledby="friends-title" className={`${card} mt-6`} data-referrals>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="friends-title" className="text-lg font-bold tracking-tight text-stone-900">Your referrals</h2>
          <p className="text-sm text-stone-700">
            Points earned: <strong data-referral-points>{formatPoints(data.pointsEarned)}</strong>
          </p>
        </div>
        {data.referrals.length
          ? (
            <ul className="mt-4 divide-y divide-stone-200">
              {data.referrals.map((r, i) => (
                <li
                  key={`${r.username}-${i}`}
                  className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                >
                  <span>
                    <span className="font-semibold text-stone-900">{r.username}</span>
                    {r.dateUsed
                      ? <span className="block text-stone-500">{`Joined ${formatDate(new Date(r.dateUsed))}`}</span>
                      : null}
                  </span>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${STATUS[r.status].className}`}
                    data-referral-status={r.status}
                  >
                    {STATUS[r.status].label}
                  </span>
                </li>
              ))}
            </ul>
          )
          : <p className="mt-3 text-sm text-stone-600">No friends have used your code yet.</p>}
        <p className="mt-4 text-sm">
          <a href="/loyalty" className="font-semibold text-green-800 underline">Back to the loyalty programme</a>
        </p>
      </section>
    </div>
  );
}
