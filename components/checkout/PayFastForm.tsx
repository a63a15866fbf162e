/**
 * PayFast's hosted-page form: hidden fields posted to PayFast's `/eng/process`. The PayFastPayment
 * island builds it from the API's answer; the no-JavaScript route (/checkout/payfast) renders it as
 * a page with a button. One component, so both post exactly the signed fields.
 */
import type { PayFastCheckout } from "../../domains/payments/payfast.ts";
import { fullWidthButton } from "../ui/buttons.ts";

export function PayFastForm(
  { checkout, buttonLabel, formRef }: {
    checkout: PayFastCheckout;
    buttonLabel: string;
    formRef?: (form: HTMLFormElement | null) => void;
  },
) {
  return (
    <form method="post" action={checkout.action} ref={formRef} data-payfast-form>
      {Object.entries(checkout.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={fullWidthButton}>{buttonLabel}</button>
    </form>
  );
}
