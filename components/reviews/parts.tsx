/**
 * Small pieces of the reviews block shared by the islands and the admin queue: star rows, the
 * initials avatar (drawn locally), the verification badge and the review's date.
 */
import { IconSvg } from "../ui/icons.tsx";

const STAR_PATH = "m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1Z";

/** One filled star (the colour comes from the text colour). */
export function FilledStar({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <IconSvg className={className} fill="currentColor" strokeWidth={1}>
      <path d={STAR_PATH} />
    </IconSvg>
  );
}

/** Five stars, `rating` of them filled; labelled for screen readers. */
export function Stars({ rating, className = "h-4 w-4" }: { rating: number; className?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= Math.round(rating) ? "text-amber-500" : "text-stone-300"}>
          <FilledStar className={className} />
        </span>
      ))}
    </span>
  );
}

const AVATAR_COLOURS = [
  "bg-green-700",
  "bg-amber-700",
  "bg-sky-700",
  "bg-rose-700",
  "bg-violet-700",
  "bg-teal-700",
  "bg-orange-700",
  "bg-stone-600",
];

/** A round avatar with the user's initials, its colour fixed by the username. */
export function Avatar({ name, initials }: { name: string; initials: string }) {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return (
    <span
      aria-hidden="true"
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${
        AVATAR_COLOURS[hash % AVATAR_COLOURS.length]
      }`}
    >
      {initials}
    </span>
  );
}

/** Spec 000: a badge when the status is not unverified: 'Verified Purchase', 'Expert', otherwise 'Verified'. */
export function verificationLabel(status: string): string | null {
  if (status === "unverified") return null;
  if (status === "verified_purchase") return "Verified Purchase";
  if (status === "expert") return "Expert";
  return "Verified";
}

export function VerificationBadge({ status }: { status: string }) {
  const label = verificationLabel(status);
  if (!label) return null;
  return (
    <span className="inline-flex items-center rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
      ✓ {label}
    </span>
  );
}

/** "24 November 2026" in the shop's locale (fixed time zone, so server and browser agree). */
export function reviewDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-ZA", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Johannesburg",
  });
}

export const SOURCE_LABELS: Record<string, string> = {
  all: "All",
  internal: "Our Customers",
  google: "Google",
  amazon: "Amazon",
};

export const SORT_LABELS: Record<string, string> = {
  recent: "Most Recent",
  helpful: "Most Helpful",
  highest: "Highest Rated",
  lowest: "Lowest Rated",
};

/** A review's photos as thumbnails that open the full image. */
export function ReviewPhotos({ photos, by, size = "h-20 w-20" }: { photos: string[]; by: string; size?: string }) {
  if (!photos.length) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label="Review photos">
      {photos.map((src, i) => (
        <li key={src}>
          <a href={src} target="_blank" rel="noopener">
            <img
              src={src}
              alt={`Photo ${i + 1} from ${by}`}
              loading="lazy"
              className={`${size} rounded-md border border-stone-200 object-cover`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
