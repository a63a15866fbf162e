/** The dashboard's tab bar (spec 001): plain links, so it works without JavaScript. */

export const dashboardTabIds = ["products", "orders", "users", "facebook"] as const;
export type DashboardTabId = (typeof dashboardTabIds)[number];

const labels: Record<DashboardTabId, string> = {
  products: "Products & Variants",
  orders: "Orders",
  users: "Users",
  facebook: "Facebook Commerce",
};

export function DashboardTabs({ current }: { current: DashboardTabId }) {
  return (
    <nav aria-label="Dashboard" className="mt-6 border-b border-stone-200">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {dashboardTabIds.map((id) => (
          <li key={id}>
            <a
              id={`tab-${id}`}
              href={id === "products" ? "/admin" : `/admin?tab=${id}`}
              aria-current={id === current ? "page" : undefined}
              className={`block border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap ${
                id === current
                  ? "border-green-800 text-green-900"
                  : "border-transparent text-stone-600 hover:text-stone-900"
              }`}
            >
              {labels[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
