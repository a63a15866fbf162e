/**
 * The notification region: one toast at a time, 5000 ms on screen, swipe right past 50 px to
 * dismiss, F8 focuses the region, at most 420 px wide. Errors are announced at once, the others
 * politely.
 */
import { useEffect, useRef, useState } from "react";
import {
  currentToast,
  dismiss,
  subscribe,
  takeToastAfterReload,
  type Toast,
  toast,
  type ToastInput,
} from "../client/toast.ts";

const DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

export default function Toaster({ initial }: { initial?: ToastInput | null }) {
  const [shown, setShown] = useState<Toast | null>(() => initial ? { ...initial, id: 0 } : null);
  const [dx, setDx] = useState(0);
  const start = useRef<number | null>(null);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    // Subscribe first, then hand the server's toast to the store, so its id matches what is shown.
    const off = subscribe((t) => {
      setDx(0);
      setShown(t);
    });
    // Taken either way, so it never surfaces on a later page; the server's toast wins.
    const afterReload = takeToastAfterReload();
    const first = initial ?? afterReload;
    if (first && !currentToast()) toast(first);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => {
      off();
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(() => dismiss(shown.id), DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown?.id]);

  const tone = shown?.variant === "destructive"
    ? "border-red-300 bg-red-50 text-red-900"
    : shown?.variant === "success"
    ? "border-green-300 bg-green-50 text-green-900"
    : "border-stone-200 bg-white text-stone-900";

  const card = shown
    ? (
      <div
        key={shown.id}
        data-toast
        className={`toast-enter pointer-events-auto relative select-none rounded-lg border p-4 pr-10 shadow-lg ${tone}`}
        style={{
          transform: dx ? `translateX(${dx}px)` : undefined,
          opacity: dx ? Math.max(0, 1 - dx / 200) : undefined,
          touchAction: "pan-y",
        }}
        onPointerDown={(e) => {
          start.current = e.clientX;
          // Moves past the toast's edge still belong to this swipe.
          e.currentTarget.setPointerCapture?.(e.pointerId);
        }}
        onPointerMove={(e) => {
          if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
        }}
        onPointerUp={(e) => {
          // Measured from the event, not from `dx`: the last move's render may not have
          // happened yet when the pointer is released.
          const moved = start.current === null ? 0 : e.clientX - start.current;
          start.current = null;
          if (moved > SWIPE_THRESHOLD_PX) dismiss(shown.id);
          else setDx(0);
        }}
        onPointerCancel={() => {
          start.current = null;
          setDx(0);
        }}
      >
        <p className="text-sm font-semibold">{shown.title}</p>
        {shown.description ? <p className="mt-1 text-sm">{shown.description}</p> : null}
        <button
          type="button"
          aria-label="Close notification"
          className="absolute top-2 right-2 rounded p-1 text-current opacity-60 hover:opacity-100"
          onClick={() => dismiss(shown.id)}
        >
          ×
        </button>
      </div>
    )
    : null;
  const urgent = shown?.variant === "destructive";

  // Two live regions, always in the page (also in the server's HTML), so that a toast put into one
  // is announced: errors interrupt (alert, assertive), everything else waits its turn (status,
  // polite). A live role on a list item is not allowed, hence no list; one toast shows at a time.
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 top-20 z-[100] flex justify-center px-4 outline-none md:top-auto md:bottom-6 md:right-6 md:left-auto md:justify-end"
    >
      <div className="w-full max-w-[420px]">
        <div role="status" aria-live="polite" aria-atomic="true">{urgent ? null : card}</div>
        <div role="alert" aria-live="assertive" aria-atomic="true">{urgent ? card : null}</div>
      </div>
    </section>
  );
}
