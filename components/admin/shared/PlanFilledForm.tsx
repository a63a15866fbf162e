/**
 * A page holding a form of SKU and quantity lines that the restock plan may have filled in (Receive
 * stock, New purchase order): its header with the way back, the refusal, the note saying where the
 * lines came from, the fields and the button.
 */
import type { ReactNode } from "react";
import { FormAlert, type FormState } from "../../ui/Field.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type FieldSpec, FormFields } from "./FormFields.tsx";
import { PageHeader } from "./PageHeader.tsx";

export function PlanFilledForm(
  { title, intro, back, action, fields, state, planNote, submit, children }: {
    title: string;
    intro: string;
    back: { href: string; label: string };
    action: string;
    fields: readonly FieldSpec[];
    state: FormState;
    /** "Filled in from the restock plan (...)", when it was. */
    planNote?: string;
    submit: string;
    /** More inside the form (a datalist the fields name). */
    children?: ReactNode;
  },
) {
  return (
    <section>
      <PageHeader title={title} intro={intro}>
        <a href={back.href} className={secondaryButton}>{back.label}</a>
      </PageHeader>
      <form method="post" action={action} className="mt-5 space-y-4" noValidate>
        <FormAlert message={state.message} />
        {planNote ? <p className="text-sm text-stone-600" data-plan-note>{planNote}</p> : null}
        <div className="grid gap-4 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-2">
          <FormFields fields={fields} values={state.values ?? {}} errors={state.errors ?? {}} />
        </div>
        {children}
        <div className="flex justify-end">
          <button type="submit" className={primaryButton}>{submit}</button>
        </div>
      </form>
    </section>
  );
}
