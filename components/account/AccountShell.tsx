/**
 * The account area's frame: breadcrumb, heading and the tab navigation. Each tab is a real page
 * (/account?tab=...), so the tabs are plain links marked with aria-current and work without JavaScript;
 * Logout is a POST form.
 */
import type { ReactNode } from "react";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { primaryButton } from "../ui/buttons.ts";
import { DashboardIcon, HeartIcon, LogoutIcon, MapPinIcon, PackageIcon, SettingsIcon } from "../ui/icons.tsx";

export type AccountTab = "overview" | "orders" | "wishlist" | "addresses" | "settings";

export const ACCOUNT_TABS: { id: AccountTab; label: string }[] = [
  { id: "overview", label: "Overview" },
  { id: "orders", label: "Orders" },
  { id: "wishlist", label: "Wishlist" },
  { id: "addresses", label: "Address Book" },
  { id: "settings", label: "Account Settings" },
];

/** The URL of a tab; the overview is plain /account. */
export function accountTabHref(tab: AccountTab): string {
  return tab === "overview" ? "/account" : `/account?tab=${tab}`;
}

type IconProps = { className?: string };

const ICONS: Record<AccountTab, (p: IconProps) => ReactNode> = {
  overview: DashboardIcon,
  orders: PackageIcon,
  wishlist: HeartIcon,
  addresses: MapPinIcon,
  settings: SettingsIcon,
};

// Phones: a 3 x 2 grid of icon-over-label buttons, so every tab (and which one is open) stays in view
// without scrolling. Tablets: one wrapping row. Desktops: a vertical list beside the content.
const tabBase =
  "flex h-full w-full flex-col items-center justify-center gap-1 rounded-lg px-2 py-2 text-center text-xs font-semibold ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-800 sm:flex-row sm:justify-start sm:gap-2.5 sm:px-3 sm:py-2.5 sm:text-left sm:text-sm sm:whitespace-nowrap";
const tabLink =
  `${tabBase} bg-white text-stone-700 ring-stone-200 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:bg-green-50 aria-[current=page]:text-green-900 aria-[current=page]:ring-green-700/30 lg:bg-transparent lg:ring-transparent lg:aria-[current=page]:ring-green-700/20`;
const logoutButton =
  `${tabBase} cursor-pointer bg-white text-stone-600 ring-stone-200 hover:bg-red-50 hover:text-red-800 lg:bg-transparent lg:ring-transparent`;

export function AccountShell(
  { tab, greetingName, crumbs = [], children }: {
    tab: AccountTab;
    /** First name, else username. */
    greetingName: string;
    /** Crumbs after "My Account" (a sub-page such as the deletion step). */
    crumbs?: { label: string; href?: string }[];
    children: ReactNode;
  },
) {
  const current = ACCOUNT_TABS.find((t) => t.id === tab)!;
  const trail = [
    { label: "Home", href: "/" },
    { label: "My Account", href: "/account" },
    ...(tab === "overview" ? [] : [{ label: current.label, href: accountTabHref(tab) }]),
    ...crumbs,
  ];
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={trail} />
      <header className="mt-5">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">My Account</h1>
        <p className="mt-2 text-stone-600">
          Welcome back, <span className="font-semibold text-stone-800">{greetingName}</span>.
        </p>
      </header>
      <div className="mt-6 lg:mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <nav
          aria-label="Account sections"
          className="lg:sticky lg:top-28 lg:rounded-2xl lg:border lg:border-stone-200 lg:bg-white lg:p-2 lg:shadow-sm"
        >
          <ul className="grid auto-rows-fr grid-cols-3 gap-2 sm:flex sm:flex-wrap lg:flex-col lg:gap-0.5">
            {ACCOUNT_TABS.map((t) => {
              const Icon = ICONS[t.id];
              return (
                <li key={t.id}>
                  <a
                    href={accountTabHref(t.id)}
                    className={tabLink}
                    aria-current={t.id === tab ? "page" : undefined}
                    data-account-tab={t.id}
                  >
                    <Icon className="h-5 w-5 shrink-0 opacity-80" />
                    {t.label}
                  </a>
                </li>
              );
            })}
            <li className="lg:mt-1 lg:border-t lg:border-stone-200 lg:pt-1">
              <form method="post" action="/logout" className="h-full">
                <button
                  type="submit"
                  className={logoutButton}
                >
                  <LogoutIcon className="h-5 w-5 shrink-0 opacity-80" />
                  Logout
                </button>
              </form>
            </li>
          </ul>
        </nav>
        <div className="mt-6 min-w-0 lg:mt-0">{children}</div>
      </div>
    </div>
  );
}

/** A white card with an optional heading row (title, description and an action on the right). */
export function AccountCard(
  { title, description, action, id, tone = "default", children }: {
    title?: string;
    description?: ReactNode;
    action?: ReactNode;
    id?: string;
    tone?: "default" | "danger";
    children?: ReactNode;
  },
) {
  const border = tone === "danger" ? "border-red-200" : "border-stone-200";
  return (
    <section
      id={id}
      aria-labelledby={title && id ? `${id}-title` : undefined}
      // scroll-mt: a link to the card (#cart-reminders) lands below the sticky header, not under it.
      className={`scroll-mt-32 rounded-2xl border ${border} bg-white p-5 shadow-sm sm:p-6`}
    >
      {title
        ? (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2
                id={id ? `${id}-title` : undefined}
                className={`text-lg font-bold tracking-tight ${tone === "danger" ? "text-red-800" : "text-stone-900"}`}
              >
                {title}
              </h2>
              {description ? <div className="mt-1 text-sm text-stone-600">{description}</div> : null}
            </div>
            {action ? <div className="shrink-0">{action}</div> : null}
          </div>
        )
        : null}
      {children ? <div className={title ? "mt-5" : ""}>{children}</div> : null}
    </section>
  );
}

/** An empty state: icon, message, one call to action. */
export function AccountEmpty(
  { icon, title, text, href, cta }: { icon: ReactNode; title: string; text?: string; href: string; cta: string },
) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-stone-300 bg-stone-50/60 px-6 py-10 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-800">
        {icon}
      </span>
      <p className="mt-4 font-semibold text-stone-900">{title}</p>
      {text ? <p className="mt-1 max-w-sm text-sm text-stone-600">{text}</p> : null}
      <a href={href} className={`${primaryButton} mt-5`}>{cta}</a>
    </div>
  );
}

export const textLink =
  "font-semibold text-green-800 underline decoration-green-800/30 underline-offset-2 hover:decoration-green-800";
