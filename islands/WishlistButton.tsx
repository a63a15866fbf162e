/**
 * The product page's wishlist toggle ('Add to Wishlist' / 'In Wishlist'). A plain form first: a
 * visitor is sent to sign in and the product is saved right after. Once hydrated it toggles through
 * the API with the spec's toasts.
 */
import { type FormEvent, useState } from "react";
import { api } from "../client/api.ts";
import { toast } from "../client/toast.ts";
import { HeartIcon } from "../components/ui/icons.tsx";

export default function WishlistButton(
  { productId, inWishlist, signedIn, returnPath }: {
    productId: number;
    inWishlist: boolean;
    signedIn: boolean;
    returnPath: string;
  },
) {
  const [saved, setSaved] = useState(inWishlist);
  const [busy, setBusy] = useState(false);

  async function toggle(e: FormEvent) {
    e.preventDefault();
    if (!signedIn) {
      const q = new URLSearchParams({ wishlist: "true", returnPath, addToWishlist: String(productId) });
      location.assign(`/login?${q}`);
      return;
    }
    setBusy(true);
    try {
      if (saved) {
        await api(`/api/wishlist/${productId}`, { method: "DELETE" });
        setSaved(false);
        toast({ title: "Removed from Wishlist" });
      } else {
        await api("/api/wishlist", { method: "POST", json: { productId } });
        setSaved(true);
        toast({ title: "Added to Wishlist", variant: "success" });
      }
    } catch (err) {
      toast({
        title: saved ? "Failed to remove item from wishlist" : "Failed to add item to wishlist",
        description: err instanceof Error ? err.message : undefined,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/wishlist/toggle" onSubmit={toggle}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="returnPath" value={returnPath} />
      <button
        type="submit"
        disabled={busy}
        aria-pressed={saved}
        className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 aria-pressed:border-red-200 aria-pressed:bg-red-50 aria-pressed:text-red-800"
      >
        <HeartIcon className="h-4 w-4" filled={saved} />
        {saved ? "In Wishlist" : "Add to Wishlist"}
      </button>
    </form>
  );
}
