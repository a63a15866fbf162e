/** The plain (no-JavaScript) coupon pages: the form for a new or existing coupon, and the delete question. */
import { deleteCouponQuestion } from "../../../domains/coupons/rules.ts";
import { type FieldErrors, FormAlert } from "../../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { CouponFields, type CouponFormState } from "./CouponViews.tsx";

export function CouponFormPage(
  { action, editing, values, errors, message }: {
    action: string;
    editing: boolean;
    values: CouponFormState;
    errors: FieldErrors;
    message?: string | null;
  },
) {
  return (
    <div className="max-w-3xl">
      <p>
        <a href="/admin/coupons" className="text-sm font-semibold text-green-800 hover:underline">← Manage Coupons</a>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">{editing ? "Edit Coupon" : "Create New Coupon"}</h1>
      <form method="post" action={action} className="mt-6 space-y-4 rounded-xl border border-stone-200 bg-white p-5">
        <FormAlert message={message} />
        <CouponFields values={values} errors={errors} type={values.type} />
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <a href="/admin/coupons" className={secondaryButton}>Cancel</a>
          <button type="submit" className={primaryButton}>{editing ? "Update Coupon" : "Create Coupon"}</button>
        </div>
      </form>
    </div>
  );
}

export function CouponDeletePage({ id, code, message }: { id: number; code: string; message?: string | null }) {
  return (
    <div className="max-w-lg rounded-xl border border-stone-200 bg-white p-6">
      <h1 className="text-xl font-bold">Delete Coupon</h1>
      <p className="mt-2 text-stone-700">{deleteCouponQuestion(code)}</p>
      <div className="mt-4">
        <FormAlert message={message} />
      </div>
      <form method="post" action={`/admin/coupons/${id}/delete`} className="mt-6 flex gap-3">
        {/* For the toast only ('{code} was deleted.'): the coupon deleted is the one in the path. */}
        <input type="hidden" name="code" value={code} />
        <a href="/admin/coupons" className={secondaryButton}>Cancel</a>
        <button type="submit" className={dangerButton}>Delete</button>
      </form>
    </div>
  );
}
