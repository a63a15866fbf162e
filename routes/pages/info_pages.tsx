/** The static information pages: /about, /contact, /faqs, /shipping, /returns, /privacy, /terms, /help, /community. */
import type { Context } from "hono";
import type { ReactElement } from "react";
import type { AppEnv } from "../context.ts";
import type { InfoProps } from "../../components/info/InfoPage.tsx";
import { AboutView } from "../../components/info/AboutView.tsx";
import { ContactView } from "../../components/info/ContactView.tsx";
import { FaqsView } from "../../components/info/FaqsView.tsx";
import { ShippingView } from "../../components/info/ShippingView.tsx";
import { ReturnsView } from "../../components/info/ReturnsView.tsx";
import { PrivacyView } from "../../components/info/PrivacyView.tsx";
import { TermsView } from "../../components/info/TermsView.tsx";
import { HelpView } from "../../components/info/HelpView.tsx";
import { CommunityView } from "../../components/info/CommunityView.tsx";
import { instantEftBy, renderPage } from "../render.tsx";
import { siteShop } from "../shop_info.ts";

export interface InfoPageDef {
  path: string;
  title: string;
  description: string;
  View: (props: InfoProps) => ReactElement;
}

export const infoPages: InfoPageDef[] = [
  {
    path: "/about",
    title: "About Us",
    description: "Who we are, what we stock and how we work: a shop for South African reptile and amphibian keepers.",
    View: AboutView,
  },
  {
    path: "/contact",
    title: "Contact Us",
    description: "Phone, e-mail and WhatsApp details, our address and trading hours.",
    View: ContactView,
  },
  {
    path: "/faqs",
    title: "Frequently Asked Questions",
    description: "Answers about UVB lighting, heating, delivery, PUDO lockers, returns, payment and accounts.",
    View: FaqsView,
  },
  {
    path: "/shipping",
    title: "Shipping Information",
    description: "Delivery across South Africa: dispatch in 1-2 business days, delivery times, costs and PUDO lockers.",
    View: ShippingView,
  },
  {
    path: "/returns",
    title: "Returns Policy",
    description: "Return items within 14 days of delivery in their original condition; refunds, faulty items and ECTA.",
    View: ReturnsView,
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    description: "How we collect, use and protect your personal information, and your rights under POPIA.",
    View: PrivacyView,
  },
  {
    path: "/terms",
    title: "Terms and Conditions",
    description: "Terms of sale, supplier details under ECTA section 43, prices, payment, delivery and cooling-off.",
    View: TermsView,
  },
  {
    path: "/help",
    title: "Help Centre",
    description: "Help with orders, delivery, returns, payment and your account.",
    View: HelpView,
  },
  {
    path: "/community",
    title: "Keeper Community",
    description: "Where to find us and other reptile and amphibian keepers, and how to share what you know.",
    View: CommunityView,
  },
];

export async function renderInfoPage(c: Context<AppEnv>, page: InfoPageDef) {
  const { config } = c.var;
  return renderPage(c, {
    head: { title: page.title, description: page.description, canonicalPath: page.path },
    body: <page.View shop={await siteShop(c)} siteUrl={config.siteUrl} instantEft={instantEftBy(c)} />,
  });
}
