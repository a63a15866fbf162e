/**
 * Every environment variable the shop reads, parsed once at boot by zod, plus the shop's own
 * configuration (name, contact, business details). An invalid value stops the start with one
 * line naming the variable.
 */
import { z } from "zod";

const optionalString = z.string().trim().min(1).optional().catch(undefined);

const EnvSchema = z.object({
  PORT: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(0, "must be 0-65535").max(65535, "must be 0-65535").default(8000),
  HOSTNAME: z.string().default("0.0.0.0"),
  NODE_ENV: z.enum(["development", "production", "test"], {
    error: "must be development, production or test",
  }).default("development"),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must start with postgres://")
    .optional(),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  SITE_URL: z.url({ error: "must be an absolute URL such as https://shop.example" }).optional(),
  /** "true": an empty database gets the demo catalogue and demo accounts, printed at start. */
  SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  /** Rand amount from which standard shipping is free. */
  FREE_SHIPPING_THRESHOLD: z.coerce.number({ error: "must be a number" }).min(0).default(1500),
  SHOP_NAME: z.string().min(1).default("Reptile Basics"),
  SHOP_EMAIL: z.email({ error: "must be an e-mail address" }).default(
    "support@reptilebasics.co.za",
  ),
  SHOP_PHONE: z.string().min(5).default("+27 11 555 0142"),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Another Stripe API server (tests point the real SDK at a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://127.0.0.1:12111" })
    .optional(),
  SMTP_URL: optionalString,
  LOG_REQUESTS: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  /** "true" behind a reverse proxy: the client IP is the X-Forwarded-For address the proxy appended (the last). */
  TRUST_PROXY: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  /** Google Analytics 4 measurement id for the AMP pages' gtag; unset = no Google tag. */
  GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-ABC123XYZ").optional(),
  /** Meta (Facebook) pixel id for the AMP pages; unset = no pixel. */
  META_PIXEL_ID: z.string().regex(/^[0-9]{6,20}$/, "must be the pixel's digits").optional(),
});

/** Business and contact details shown in the footer, information pages and structured data. */
export interface ShopInfo {
  name: string;
  description: string;
  currencySymbol: "R";
  currencyCode: "ZAR";
  locale: "en-ZA";
  contact: { address: string; city: string; phone: string; email: string; hours: string[] };
  social: { label: string; href: string; kind: "facebook" | "instagram" | "whatsapp" | "linkedin" }[];
  business: {
    companyName: string;
    registrationNumber: string;
    taxId: string;
    founded: number;
    /** Office bearers (directors), which ECTA section 43 requires on the terms page. */
    directors: string[];
  };
  shippingCountries: string[];
  defaultImage: string;
  logo: string;
  freeShippingThresholdCents: number;
  /** Analytics identifiers; a tag is emitted only for an id that is set, so no hit goes to a made-up property. */
  analytics: { gaMeasurementId?: string; metaPixelId?: string };
}

export interface Config {
  port: number;
  hostname: string;
  env: "development" | "production" | "test";
  isProduction: boolean;
  databaseUrl: string | undefined;
  pgliteDir: string;
  siteUrl: string;
  seedDemo: boolean;
  logRequests: boolean;
  trustProxy: boolean;
  stripe: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string } | null;
  smtpUrl: string | undefined;
  shop: ShopInfo;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = EnvSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${lines.join("; ")}`);
  }
  const e = parsed.data;
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT || 8000}`).replace(/\/+$/, "");
  const stripe = e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
    ? {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    }
    : null;
  return {
    port: e.PORT,
    hostname: e.HOSTNAME,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    siteUrl,
    seedDemo: e.SEED_DEMO === "true",
    logRequests: e.LOG_REQUESTS === "true",
    trustProxy: e.TRUST_PROXY === "true",
    stripe,
    smtpUrl: e.SMTP_URL,
    shop: {
      ...shopInfo(e.SHOP_NAME, e.SHOP_EMAIL, e.SHOP_PHONE, e.FREE_SHIPPING_THRESHOLD),
      analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, metaPixelId: e.META_PIXEL_ID },
    },
  };
}

function shopInfo(name: string, email: string, phone: string, freeShipping: number): Omit<ShopInfo, "analytics"> {
  return {
    name,
    description:
      "Enclosures, heating, lighting, feeding and health supplies for reptile and amphibian keepers, delivered across South Africa.",
    currencySymbol: "R",
    currencyCode: "ZAR",
    locale: "en-ZA",
    contact: {
      address: "14 Kingfisher Road, Randburg, Johannesburg, 2194",
      city: "Johannesburg",
      phone,
      email,
      hours: ["Mon-Fri 9am-5pm", "Sat 9am-2pm"],
    },
    social: [
      { label: "Facebook", href: "https://www.facebook.com/reptilebasics", kind: "facebook" },
      { label: "Instagram", href: "https://www.instagram.com/reptilebasics", kind: "instagram" },
      { label: "WhatsApp", href: "https://wa.me/27115550142", kind: "whatsapp" },
      {
        label: "LinkedIn",
        href: "https://www.linkedin.com/company/reptilebasics",
        kind: "linkedin",
      },
    ],
    business: {
      companyName: `${name} (Pty) Ltd`,
      registrationNumber: "2022/481516/07",
      taxId: "VAT 4810262345",
      founded: 2022,
      directors: ["Thandeka Mokoena", "Pieter van der Merwe"],
    },
    shippingCountries: ["South Africa"],
    /** Link-preview image of pages without their own: PNG, because social sites refuse SVG. */
    defaultImage: "/images/placeholder/reptile-basics.png?w=1200&h=630",
    logo: "/static/logo.svg",
    freeShippingThresholdCents: Math.round(freeShipping * 100),
  };
}
