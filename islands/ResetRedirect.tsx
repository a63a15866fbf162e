/**
 * After a successful password reset: counts down and opens the sign-in page (the spec's 3-second
 * redirect). The page also carries a plain link and a <noscript> refresh, so it works without JavaScript.
 */
import { useEffect, useState } from "react";

export default function ResetRedirect({ to, seconds }: { to: string; seconds: number }) {
  const [left, setLeft] = useState(seconds);

  useEffect(() => {
    if (left <= 0) {
      location.assign(to);
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, to]);

  return (
    <p
      className="flex items-center gap-2 text-sm text-green-900"
      role="status"
      aria-live="polite"
      data-redirect-seconds={left}
    >
      <span
        className="h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-green-200 border-t-green-800"
        aria-hidden="true"
      />
      {left > 0
        ? `Taking you to the sign-in page in ${left} second${left === 1 ? "" : "s"}...`
        : "Opening the sign-in page..."}
    </p>
  );
}
