/**
 * Records a product view with the seconds spent on the page, once, when the shopper leaves it (the
 * tab is hidden or the page unloads). A keepalive request outlives the page and never blocks it;
 * failures are ignored (tracking is never worth an error on the page). Renders nothing.
 */
import { useEffect } from "react";

export interface ViewTrackerProps {
  productId: number;
}

export default function ViewTracker({ productId }: ViewTrackerProps) {
  useEffect(() => {
    const started = performance.now();
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      const timeSpent = Math.round((performance.now() - started) / 1000);
      fetch("/api/recommendations/track-view", {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ productId, timeSpent }),
      }).catch(() => {});
    };
    const onHide = () => {
      if (document.visibilityState === "hidden") send();
    };
    document.addEventListener("visibilitychange", onHide);
    globalThis.addEventListener("pagehide", send);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      globalThis.removeEventListener("pagehide", send);
    };
  }, [productId]);
  return null;
}
