/**
 * The admin order page's building blocks: a titled card (one per concern: customer, delivery,
 * payment...) and a label/value row of its definition lists.
 */
import type { ReactNode } from "react";

export function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-base font-bold text-stone-900">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Row({ label: l, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-3 gap-y-0.5 py-1.5">
      <dt className="text-stone-600">{l}</dt>
      <dd className="text-right font-medium break-all text-stone-900">{children}</dd>
    </div>
  );
}
