/**
 * Cart actions shared by islands and plain forms: every `<form data-cart-add>` (product page, product
 * cards) is sent as JSON without a page reload once JavaScript runs; the header badges follow.
 * Without JavaScript the same forms post to /cart and the server redirects back.
 */
import { api } from "./api.ts";
import { toast, type ToastInput } from "./toast.ts";
import type { ActionOutput } from "../contract/action.ts";
import type { addToCartOutput } from "../contract/cart.ts";

export interface CartSummary {
  itemCount: number;
  /** Set when the server dropped the applied coupon while re-checking the cart. */
  couponNotice?: string | null;
}

/**
 * The 'Added to cart' toast (quantity and product, as the spec says). Only one toast shows at a time,
 * so a coupon the server dropped on this change is told in the same toast rather than lost.
 */
export function addedToast(quantity: number, name: string, cart: CartSummary): ToastInput {
  const added = `${quantity} × ${name} added to your cart.`;
  return {
    title: "Added to cart",
    description: cart.couponNotice ? `${added} ${cart.couponNotice}` : added,
    variant: "success",
  };
}

/** Sets every cart badge on the page to `count`. */
export function setCartBadge(count: number) {
  for (const el of document.querySelectorAll<HTMLElement>("[data-cart-count]")) {
    el.textContent = String(count);
    el.classList.toggle("hidden", count <= 0);
  }
  for (const el of document.querySelectorAll<HTMLElement>("[data-cart-link]")) {
    el.setAttribute("aria-label", `Cart, ${count} items`);
  }
}

async function submitAdd(form: HTMLFormElement) {
  const data = new FormData(form);
  const body = {
    productId: Number(data.get("productId")),
    quantity: Number(data.get("quantity") ?? 1),
    ...(data.get("variantId") ? { variantId: Number(data.get("variantId")) } : {}),
  };
  const button = form.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) button.disabled = true;
  try {
    const res = await api<ActionOutput<typeof addToCartOutput>>("/api/cart", {
      method: "POST",
      json: body,
    });
    setCartBadge(res.cart.itemCount);
    toast(addedToast(body.quantity, res.added.name, res.cart));
  } catch (err) {
    toast({
      title: "Failed to add item to cart",
      description: err instanceof Error ? err.message : undefined,
      variant: "destructive",
    });
  } finally {
    if (button) button.disabled = false;
  }
}

/** Installs the delegated handler once per page. */
export function enhanceCartForms() {
  document.addEventListener("submit", (e) => {
    const form = e.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-cart-add")) return;
    e.preventDefault();
    submitAdd(form);
  });
}
