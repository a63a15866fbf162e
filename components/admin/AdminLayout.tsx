/**
 * The admin area's frame: a header with the shop's name, 'Admin' and 'Back to Site', a sidebar of
 * the admin pages that exist, and the page. Admin pages render through routes/admin/render.tsx.
 */
import type { ReactNode } from "react";
import { Island } from "../../lib/islands.tsx";
import Toaster from "../../islands/Toaster.tsx";
import type { ToastInput } from "../../client/toast.ts";
import { LogoMark } from "../ui/icons.tsx";

/** The sidebar: spec 001's seven screens first, then the operational ones. */
export const adminLinks = [
  { label: "Dashboard", href: "/admin" },
  { label: "Products", href: "/admin/products" },
  { label: "Categories", href: "/admin/categories" },
  { label: "Species", href: "/admin/animals" },
  { label: "Orders", href: "/admin/orders" },
  { label: "Coupons", href: "/admin/coupons" },
  { label: "Reviews", href: "/admin/reviews" },
  { label: "Users", href: "/admin/users" },
  { label: "Open carts", href: "/admin/carts" },
  { label: "Reports", href: "/admin/reports" },
  { label: "Restock", href: "/admin/restock" },
  { label: "Purchase orders", href: "/admin/purchase-orders" },
  { label: "Recommendations", href: "/admin/recommendations" },
  { label: "Settings", href: "/admin/settings" },
  { label: "Audit log", href: "/admin/audit" },
  { label: "Outbox", href: "/admin/outbox" },
  { label: "Jobs", href: "/admin/jobs" },
] as const;

export function AdminLayout(
  { shopName, username, active, toast, children }: {
    shopName: string;
    username: string;
    /** href of the sidebar entry to highlight. */
    active: string;
    toast?: ToastInput | null;
    children: ReactNode;
  },
) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[200] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="border-b border-green-950 bg-green-900 text-green-50">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <a href={adminLinks[0].href} className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-extrabold tracking-tight text-white">{shopName}</span>
            <span className="rounded-md bg-green-700 px-2 py-0.5 text-xs font-bold tracking-wide text-white uppercase">
              Admin
            </span>
          </a>
          <div className="flex items-center gap-4 text-sm">
            <span className="hidden text-green-100 sm:inline">Signed in as {username}</span>
            <a
              href="/"
              className="rounded-lg border border-green-600 px-3 py-1.5 font-semibold text-white hover:bg-green-800"
            >
              Back to Site
            </a>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:flex-row">
        <nav aria-label="Admin" className="shrink-0 md:w-52">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {adminLinks.map((l) => {
              const current = l.href === active;
              return (
                <li key={l.href}>
                  <a
                    href={l.href}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-lg px-3 py-2 text-sm font-medium ${
                      current ? "bg-green-800 text-white" : "text-stone-700 hover:bg-stone-200"
                    }`}
                  >
                    {l.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <main id="main" className="min-w-0 flex-1">{children}</main>
      </div>
      <Island name="Toaster" component={Toaster} props={{ initial: toast ?? null }} />
    </>
  );
}
