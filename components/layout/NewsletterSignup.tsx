/**
 * The newsletter sign-up form (the NewsletterForm island, hydrated once it scrolls into view), as the
 * footer and the home page's banner show it.
 */
import type { ComponentProps } from "react";
import { Island } from "../../lib/islands.tsx";
import NewsletterForm from "../../islands/NewsletterForm.tsx";

export function NewsletterSignup({ source, tone }: ComponentProps<typeof NewsletterForm>) {
  return <Island name="NewsletterForm" component={NewsletterForm} props={{ source, tone }} hydrate="visible" />;
}
