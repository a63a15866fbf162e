/**
 * The loyalty page's frame (breadcrumbs, title and lead, around either view) and its placeholder for
 * a list with nothing in it yet.
 */
import type { ReactNode } from "react";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";

const CRUMBS = [
  { label: "Home", href: "/" },
  { label: "Account", href: "/account" },
  { label: "Loyalty Programme" },
];

export function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <Breadcrumbs items={CRUMBS} />
      <header className="mt-5">
        <h1 className="text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">Loyalty Programme</h1>
        <p className="mt-2 text-stone-600">Earn points on every order and spend them on rewards.</p>
      </header>
      {children}
    </div>
  );
}

/** A dashed box in place of an empty list, saying why it is empty and what to do. */
export function NoneYet({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-stone-300 bg-stone-50/60 px-6 py-8 text-center text-sm text-stone-600">
      {children}
    </p>
  );
}
