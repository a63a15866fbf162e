/**
 * Pieces of the password-reset screens shared by the server views and the reset-form island: the
 * status badge above a card's title and the 'Invalid Reset Link' content.
 */
import { fullWidthLinkButton, fullWidthSecondaryLinkButton } from "../ui/buttons.ts";
import { FormCard } from "../ui/FormCard.tsx";
import { IconSvg } from "../ui/icons.tsx";

const STATUS_PATHS = {
  success: "M5 12.5l4.5 4.5L19 7.5",
  warning: "M12 8v5m0 3.5h.01M10.3 3.9L2.4 17.6A2 2 0 004.1 20.6h15.8a2 2 0 001.7-3L13.7 3.9a2 2 0 00-3.4 0z",
  mail: "M3 7l9 6 9-6M5 19h14a2 2 0 002-2V7a2 2 0 00-2-2H5a2 2 0 00-2 2v10a2 2 0 002 2z",
};

/** A round badge with an icon above a card's title. */
export function StatusIcon({ tone }: { tone: "success" | "warning" | "mail" }) {
  const cls = tone === "warning" ? "bg-amber-100 text-amber-800" : "bg-green-100 text-green-800";
  return (
    <span className={`inline-flex h-12 w-12 items-center justify-center rounded-full ${cls}`} aria-hidden="true">
      <IconSvg className="h-6 w-6">
        <path d={STATUS_PATHS[tone]} />
      </IconSvg>
    </span>
  );
}

/** 'Invalid Reset Link': the link is unknown, used or expired; offers a new one. */
export function InvalidResetLink() {
  return (
    <FormCard
      title="Invalid Reset Link"
      icon={<StatusIcon tone="warning" />}
      intro="This password reset link is invalid or has expired. Reset links work once, for 1 hour after they are sent."
    >
      <div className="space-y-3">
        <a href="/forgot-password" className={fullWidthLinkButton}>Request a new reset link</a>
        <a href="/login" className={fullWidthSecondaryLinkButton}>Back to sign in</a>
      </div>
    </FormCard>
  );
}
