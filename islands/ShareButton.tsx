/**
 * Shares a URL (a product's canonical URL, a referral link). `copyOnly` makes it a plain Copy button. On a touch device with the Web Share API it opens the system share
 * sheet; otherwise (and if that fails) it copies the URL to the clipboard and says so in a toast. Disabled
 * until hydrated, since without JavaScript it could do nothing.
 */
import { useEffect, useState } from "react";
import { toast } from "../client/toast.ts";
import { ShareIcon } from "../components/ui/icons.tsx";

export interface ShareButtonProps {
  url: string;
  title: string;
  /** Copy to the clipboard only, never the share sheet (a "Copy link" button beside a Share one). */
  copyOnly?: boolean;
  /** The button's text (default "Share"). */
  label?: string;
  /** The toast's text after copying (default: the product page's). */
  copiedText?: string;
}

async function copy(url: string, copiedText = "Product link copied to clipboard") {
  try {
    if (!navigator.clipboard?.writeText) throw new Error("clipboard unavailable");
    await navigator.clipboard.writeText(url);
    toast({ title: "Link copied!", description: copiedText, variant: "success" });
  } catch {
    toast({ title: "Copy failed", description: "Could not copy the link to clipboard", variant: "destructive" });
  }
}

export default function ShareButton({ url, title, copyOnly = false, label = "Share", copiedText }: ShareButtonProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function share() {
    const touch = typeof globalThis.matchMedia === "function" && globalThis.matchMedia("(pointer: coarse)").matches;
    if (!copyOnly && touch && typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (err) {
        if (err instanceof DOMException && err.name === "AbortError") return; // the shopper closed the sheet
      }
    }
    await copy(url, copiedText);
  }

  return (
    <button
      type="button"
      onClick={share}
      disabled={!ready}
      data-share-url={url}
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-stone-300 bg-white px-4 text-sm font-semibold text-stone-800 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-green-700 disabled:cursor-default"
    >
      {copyOnly ? null : <ShareIcon className="h-4 w-4" />}
      {label}
    </button>
  );
}
