/** The page frame every storefront page shares: header, menus, main, footer, back-to-top, toasts. */
import type { ReactNode } from "react";
import { Island } from "../../lib/islands.tsx";
import Toaster from "../../islands/Toaster.tsx";
import type { ToastInput } from "../../client/toast.ts";
import { ArrowUpIcon } from "../ui/icons.tsx";
import { Header } from "./Header.tsx";
import { BottomBar, MobileMenu } from "./MobileMenu.tsx";
import { Footer } from "./Footer.tsx";
import type { ChromeData } from "./types.ts";

export function Layout(
  { chrome, toast, children }: { chrome: ChromeData; toast?: ToastInput | null; children: ReactNode },
) {
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[200] rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header chrome={chrome} />
      <MobileMenu chrome={chrome} />
      <main id="main" className="min-h-[60vh]">{children}</main>
      <Footer chrome={chrome} />
      <BottomBar chrome={chrome} />
      <a
        href="#top"
        className="back-to-top fixed right-4 bottom-20 z-30 rounded-full bg-green-800 p-3 text-white shadow-lg hover:bg-green-900 md:bottom-6"
        aria-label="Back to top"
      >
        <ArrowUpIcon />
      </a>
      <Island name="Toaster" component={Toaster} props={{ initial: toast ?? null }} />
    </>
  );
}
