/**
 * The frame of every checkout screen: the heading and the progress indicator of the two steps and
 * the confirmation (document 2: review, then payment, then confirmation).
 */
import type { ReactNode } from "react";
import { CheckIcon } from "../ui/icons.tsx";

export type CheckoutStep = "review" | "payment" | "confirmation";

const STEPS: { id: CheckoutStep; label: string }[] = [
  { id: "review", label: "Review" },
  { id: "payment", label: "Payment" },
  { id: "confirmation", label: "Confirmation" },
];

export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const current = STEPS.findIndex((s) => s.id === step);
  return (
    <nav aria-label="Checkout progress">
      <ol className="flex items-center gap-2 sm:gap-3" data-checkout-steps>
        {STEPS.map((s, i) => {
          const done = i < current;
          const active = i === current;
          return (
            <li key={s.id} className="flex flex-1 items-center gap-2 sm:gap-3 last:flex-none">
              <span
                className="flex shrink-0 items-center gap-1.5 sm:gap-2"
                aria-current={active ? "step" : undefined}
                data-step={s.id}
                data-state={done ? "done" : active ? "current" : "upcoming"}
              >
                <span
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold sm:h-8 sm:w-8 sm:text-sm ${
                    done
                      ? "bg-green-800 text-white"
                      : active
                      ? "bg-green-800 text-white ring-4 ring-green-800/15"
                      : "border-2 border-stone-300 bg-white text-stone-500"
                  }`}
                >
                  {done ? <CheckIcon className="h-4 w-4" strokeWidth={3} /> : i + 1}
                </span>
                <span
                  className={`text-xs font-semibold whitespace-nowrap sm:text-sm ${
                    active || done ? "text-stone-900" : "text-stone-500"
                  }`}
                >
                  {s.label}
                  {done ? <span className="sr-only">(completed)</span> : null}
                </span>
              </span>
              {i < STEPS.length - 1
                ? (
                  <span
                    aria-hidden="true"
                    className={`h-0.5 min-w-3 flex-1 rounded ${done ? "bg-green-800" : "bg-stone-200"}`}
                  />
                )
                : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function CheckoutFrame({ step, children }: { step: CheckoutStep; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10" data-checkout-step={step}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">Checkout</h1>
        <div className="sm:w-[28rem]">
          <CheckoutSteps step={step} />
        </div>
      </div>
      <div className="mt-6 sm:mt-8">{children}</div>
    </div>
  );
}

/** The card every checkout section sits in. */
export function CheckoutCard(
  { title, action, id, children, className = "" }: {
    title: string;
    action?: ReactNode;
    id: string;
    children: ReactNode;
    className?: string;
  },
) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-2xl border border-stone-200 bg-white p-5 shadow-sm ${className}`}
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-base font-bold text-stone-900">{title}</h2>
        {action ? <div className="shrink-0 text-sm">{action}</div> : null}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}
