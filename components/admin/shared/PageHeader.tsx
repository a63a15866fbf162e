/** The top of an admin screen: its title, a line on what it is for, and the screen's main actions on the right. */
import type { ReactNode } from "react";

export function PageHeader({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-stone-600">{intro}</p> : null}
      </div>
      {children}
    </div>
  );
}
