/** The dashboard's users tab: accounts by role, the newest customers, and the way to /admin/users. */
import type { Context } from "hono";
import type { AppEnv } from "../../context.ts";
import { countUsersByRole, newestCustomers } from "../../../domains/accounts/mod.ts";
import { formatDate, ROLE_LABELS } from "../../../components/admin/shared/AdminTable.tsx";
import { primaryButton } from "../../../components/ui/buttons.ts";

export async function usersTab(c: Context<AppEnv>) {
  const [counts, newest] = await Promise.all([countUsersByRole(c.var.db), newestCustomers(c.var.db, 6)]);
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section className="rounded-xl border border-stone-200 bg-white p-4" aria-label="Accounts by role">
        <h3 className="font-bold">Accounts by role</h3>
        <dl className="mt-3 space-y-2 text-sm">
          {(Object.keys(ROLE_LABELS) as (keyof typeof ROLE_LABELS)[]).map((role) => (
            <div key={role} className="flex justify-between">
              <dt>
                <a href={`/admin/users?role=${role}`} className="text-green-800 hover:underline">
                  {ROLE_LABELS[role]}s
                </a>
              </dt>
              <dd className="font-semibold" data-role-count={role}>{counts[role]}</dd>
            </div>
          ))}
        </dl>
        <a href="/admin/users" className={`mt-4 ${primaryButton}`}>Manage users</a>
      </section>
      <section className="rounded-xl border border-stone-200 bg-white p-4 lg:col-span-2" aria-label="Newest customers">
        <h3 className="font-bold">Newest customers</h3>
        {newest.length
          ? (
            <ul className="mt-3 divide-y divide-stone-100 text-sm">
              {newest.map((u) => (
                <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <a href={`/admin/users/${u.id}`} className="font-semibold text-green-800 hover:underline">
                    {u.username}
                  </a>
                  <span className="text-stone-600">{`${u.email} · joined ${formatDate(u.createdAt)}`}</span>
                </li>
              ))}
            </ul>
          )
          : <p className="mt-3 text-sm text-stone-600">No customers yet.</p>}
      </section>
    </div>
  );
}
