/** The narrow centred card that the sign-in, registration and password-reset screens sit in. */
import type { ReactNode } from "react";

/** The links of a form card's intro and foot ("Create an account", "Back to sign in"). */
export const cardLink = "font-semibold text-green-800 underline";

/** `icon`: a badge above the title for a screen that reports an outcome (link sent, password reset). */
export function FormCard(
  { title, intro, icon, children }: { title: string; intro?: ReactNode; icon?: ReactNode; children: ReactNode },
) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        {icon ? <div className="mb-4">{icon}</div> : null}
        <h1 className="text-2xl font-extrabold tracking-tight">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-stone-600">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
