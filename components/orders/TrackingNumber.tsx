/**
 * A tracking number as staff and customers see it: a link to the carrier's tracking page when the
 * carrier is known (named by staff or recognised from the number, domains/carriers), else the
 * number as plain text.
 */
import { trackingLink } from "../../domains/carriers/mod.ts";

export function TrackingNumber({ number, carrier }: { number: string; carrier: string | null }) {
  const link = trackingLink(number, carrier);
  if (!link) return <span className="break-all" data-tracking-number>{number}</span>;
  return (
    <a
      href={link.url}
      className="break-all text-green-800 underline"
      target="_blank"
      rel="noopener noreferrer"
      data-tracking-number
      data-tracking-carrier={link.carrier}
      aria-label={`Track ${number} on ${link.carrier}'s website (opens in a new tab)`}
    >
      {number}
    </a>
  );
}
