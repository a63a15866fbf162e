/**
 * Every environment variable the shop reads, parsed once at boot by zod, plus the shop's own
 * configuration (name, contact, business details). An invalid value stops the start with one
 * line naming the variable.
 */
import { createHmac } from "node:crypto";
import { z } from "zod";
import { compileProxyTrust, type ProxyTrust, TRUST_PROXY_RANGES, TRUSTED_PROXIES_FORMAT } from "./lib/proxy_trust.ts";

/**
 * PGlite's default buffer pool. PostgreSQL's default (128MB) is allocated and zeroed inside PGlite's
 * WebAssembly memory at start, so all of it is resident (about 110 MB more than this); the embedded
 * database of a small shop fits in 16 MB, and pages beyond it are read from the files again.
 */
export const PGLITE_SHARED_BUFFERS = "16MB";

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
  PGLITE_SHARED_BUFFERS: z.string().regex(/^\d{1,6}(kB|MB|GB)$/, { error: "must be a size such as 16MB" })
    .default(PGLITE_SHARED_BUFFERS),
  SITE_URL: z.url({ error: "must be an absolute URL such as https://shop.example" }).optional(),
  /**
   * "true": without Stripe keys, the offline test provider takes payments (test cards). Defaults to
   * true outside production and false in production; `deno task start` (the demo shop) sets it.
   */
  TEST_PAYMENTS: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /** "true": an empty database gets the demo catalogue and demo accounts, printed at start. */
  SEED_DEMO: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  /** Rand amount from which standard shipping is free. */
  FREE_SHIPPING_THRESHOLD: z.coerce.number({ error: "must be a number" }).min(0, "must be zero or more").default(1500),
  /** Rand fee for standard delivery below the threshold (staff can change it in /admin/settings). */
  DELIVERY_FEE: z.coerce.number({ error: "must be a number" }).min(0, "must be zero or more").max(
    100_000,
    "must be at most 100000",
  )
    .default(95),
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
  /** PayFast (South Africa's hosted payment page: Instant EFT, cards and more); both id and key, or none. */
  PAYFAST_MERCHANT_ID: z.string().trim().regex(/^[0-9]{1,20}$/, "must be PayFast's numeric merchant id").optional(),
  PAYFAST_MERCHANT_KEY: z.string().trim().regex(
    /^[A-Za-z0-9]{1,40}$/,
    "must be PayFast's merchant key (letters and digits)",
  )
    .optional(),
  /** The passphrase set in the PayFast dashboard (signs the checkout form and the ITN); optional. */
  PAYFAST_PASSPHRASE: optionalString,
  /** PayFast's host: the live one by default, https://sandbox.payfast.co.za for testing, a local fake in tests. */
  PAYFAST_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://sandbox.payfast.co.za" })
    .default("https://www.payfast.co.za"),
  /** "true": an ITN must come from PayFast's published addresses. Defaults to on for the live host only. */
  PAYFAST_VERIFY_SOURCE_IP: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /**
   * Stitch pay-by-bank (instant EFT, docs/stitch.md): the client's id and secret, the webhook
   * endpoint's signing secret and the beneficiary account, all of them or none.
   */
  STITCH_CLIENT_ID: z.string().trim().regex(/^[A-Za-z0-9._-]{1,100}$/, "must be Stitch's client id").optional(),
  STITCH_CLIENT_SECRET: optionalString,
  /** Stitch's OAuth token endpoint (client credentials); a local fake in tests. */
  STITCH_TOKEN_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://secure.stitch.money/connect/token"),
  /** Stitch's API origin; GraphQL requests go to {STITCH_API_BASE}/graphql. */
  STITCH_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://api.stitch.money"),
  /** The Svix signing secret of the shop's Stitch webhook endpoint (whsec_...). */
  STITCH_WEBHOOK_SECRET: z.string().trim().regex(
    /^(whsec_)?[A-Za-z0-9+/=]{16,200}$/,
    "must be the webhook endpoint's signing secret (whsec_ followed by base64)",
  ).optional(),
  /** The account paid into: name (at most 20 characters), Stitch's bank id and the account number. */
  STITCH_BENEFICIARY_NAME: z.string().trim().min(1).max(20, "must be at most 20 characters (Stitch's limit)")
    .optional(),
  STITCH_BENEFICIARY_BANK_ID: z.string().trim().regex(/^[a-z][a-z0-9_]{1,40}$/, "must be Stitch's bank id such as fnb")
    .optional(),
  STITCH_BENEFICIARY_ACCOUNT_NUMBER: z.string().trim().regex(/^[0-9]{6,20}$/, "must be the account number's digits")
    .optional(),
  /** "api": refunds through Stitch's refund API (needs Stitch's refunds product); "manual": staff refund by hand. */
  STITCH_REFUNDS: z.enum(["api", "manual"], { error: "must be api or manual" }).default("api"),
  /** Outgoing mail server, e.g. smtps://user:password@smtp.example.com:465; checked at start, not at the first e-mail. */
  SMTP_URL: z.string().trim().refine(isSmtpUrl, {
    error: "must be an smtp:// or smtps:// URL with a host, such as smtps://user:password@smtp.example.com:465",
  }).optional(),
  /** Lowest level written to the log (lib/logger.ts). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"], { error: "must be debug, info, warn or error" })
    .default("info"),
  LOG_REQUESTS: z.enum(["true", "false"], { error: "must be true or false" }).default("true"),
  /**
   * Server threads in one process (docs/decisions/0085): each serves on the same port (SO_REUSEPORT)
   * with its own database pool; one per core on a machine of its own. PostgreSQL only.
   */
  WEB_CONCURRENCY: z.coerce.number({ error: "must be a whole number" }).int("must be a whole number")
    .min(1, "must be 1-32").max(32, "must be 1-32").default(1),
  /**
   * The proxies trusted to name the client in X-Forwarded-For (lib/proxy_trust.ts): a hop count or a list of
   * addresses, CIDR ranges and names. Unset: the connection's address is the client's.
   */
  TRUSTED_PROXIES: z.string().trim().refine(isProxyTrust, { error: TRUSTED_PROXIES_FORMAT }).optional(),
  /** The older switch: "true" trusts proxies on this machine and on private networks (TRUST_PROXY_RANGES). */
  TRUST_PROXY: z.enum(["true", "false"], { error: "must be true or false" }).default("false"),
  /** In-memory caches of what every shopper sees alike (visitor pages, catalogue reads); default: in production. */
  PAGE_CACHE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  /** Google Analytics 4 measurement id for the AMP pages' gtag; unset = no Google tag. */
  GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/, "must look like G-ABC123XYZ").optional(),
  /** Meta (Facebook) pixel id for the AMP pages; unset = no pixel. */
  META_PIXEL_ID: z.string().regex(/^[0-9]{6,20}$/, "must be the pixel's digits").optional(),
  /** Folder for uploaded images (product, category, review photos) when no object storage is configured. */
  MEDIA_DIR: z.string().min(1).default("./data/media"),
  /** S3-compatible object storage for uploads; all of endpoint, bucket and both keys, or none. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().min(1).default("auto"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Public base URL of the bucket (a CDN); unset = the shop serves the files itself under /media/. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** Graph API host for the Meta catalogue import (tests point it at a local fake). */
  META_GRAPH_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://graph.facebook.com"),
  /** The Meta (Facebook) commerce catalogue to import from. */
  META_CATALOG_ID: z.string().regex(/^[0-9]{1,30}$/, "must be the catalogue's digits").optional(),
  /** A default access token for the import; staff can save another one in the admin area. */
  META_ACCESS_TOKEN: optionalString,
  /** WhatsApp orders (docs/whatsapp.md): the app secret that signs Meta's webhooks; unset = off. */
  WHATSAPP_APP_SECRET: optionalString,
  /** The token Meta's webhook set-up sends back in its verification handshake. */
  WHATSAPP_VERIFY_TOKEN: optionalString,
  /** The business phone number's id and a system user's token, for the shop's replies. */
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^[0-9]{1,30}$/, "must be the phone number id's digits").optional(),
  WHATSAPP_ACCESS_TOKEN: optionalString,
  /** The Graph API with its version (tests point it at a local fake). */
  WHATSAPP_GRAPH_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://graph.facebook.com/v24.0"),
  /** An approved message template for order updates outside WhatsApp's 24-hour window; unset = none. */
  WHATSAPP_UPDATE_TEMPLATE: z.string().regex(/^[a-z0-9_]{1,512}$/, "must be a template name (a-z, 0-9, _)")
    .optional(),
  WHATSAPP_TEMPLATE_LANGUAGE: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, "must be a language code such as en_US")
    .default("en"),
  /** Signs the links to pay a WhatsApp order; unset = derived from WHATSAPP_APP_SECRET. */
  WHATSAPP_PAY_LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Signs every pay link (WhatsApp and staff orders); unset = the WhatsApp key, else one kept in the database. */
  PAY_LINK_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** A referred customer's discount on their first order, in whole percent (staff may override it). */
  REFERRAL_DISCOUNT_PERCENT: z.coerce.number({ error: "must be a whole number from 1 to 100" }).int({
    error: "must be a whole number from 1 to 100",
  }).min(1, "must be a whole number from 1 to 100").max(100, "must be a whole number from 1 to 100").default(10),
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
  /** Standard delivery's fee below the free-delivery threshold (domains/cart/delivery.ts decides). */
  deliveryFeeCents: number;
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
  /** PGlite's buffer pool (PostgreSQL's shared_buffers), resident in its WebAssembly memory. */
  pgliteSharedBuffers: string;
  siteUrl: string;
  seedDemo: boolean;
  /** The offline test payment provider stands in when Stripe has no keys: set by TEST_PAYMENTS only. */
  testPayments: boolean;
  logRequests: boolean;
  /** Server threads in this process (WEB_CONCURRENCY; 1 on the embedded database). */
  webConcurrency: number;
  logLevel: "debug" | "info" | "warn" | "error";
  /**
   * Who may name the client in X-Forwarded-For (TRUSTED_PROXIES, or TRUST_PROXY=true); null: nobody, the
   * connection's address is the client's.
   */
  trustedProxies: { spec: string; trust: ProxyTrust } | null;
  /** Visitor pages and shared catalogue reads kept in memory for a few seconds (routes/page_cache.ts). */
  pageCache: boolean;
  stripe: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string } | null;
  /** PayFast beside the card gateway; null without merchant id and key (the method is then not offered). */
  payfast: PayFastConfig | null;
  /** Stitch pay-by-bank beside the others; null unless every STITCH_* credential is set (not offered then). */
  stitch: StitchConfig | null;
  smtpUrl: string | undefined;
  /** Where uploads go: a local folder, or S3-compatible object storage when `s3` is set. */
  media: {
    dir: string;
    s3: {
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      publicUrl?: string;
    } | null;
  };
  /** The Meta catalogue import: Graph API host, catalogue id and default token. */
  meta: { graphApiBase: string; catalogId?: string; accessToken?: string };
  /**
   * The key that signs pay links (docs/staff-orders.md); null: a random key kept in the database
   * (domains/orders payLinkKey).
   */
  payLinkSecret: string | null;
  /** WhatsApp orders (docs/whatsapp.md); null without WHATSAPP_APP_SECRET (the webhook then answers 404). */
  whatsapp: WhatsAppConfig | null;
  /** The default referral discount in percent (REFERRAL_DISCOUNT_PERCENT). */
  referralDiscountPercent: number;
  shop: ShopInfo;
}

/** PayFast's merchant account and host (see README "PayFast"). */
export interface PayFastConfig {
  merchantId: string;
  merchantKey: string;
  passphrase?: string;
  /** Origin of PayFast's pages and validation endpoint, without a trailing slash. */
  base: string;
  /** An ITN must come from PayFast's published addresses (on for the live host unless switched off). */
  verifySourceIp: boolean;
}

/** WhatsApp Cloud API orders: Meta's webhook, the shop's replies and the pay links (docs/whatsapp.md). */
export interface WhatsAppConfig {
  appSecret: string;
  /** Unset: the verification handshake is refused (403). */
  verifyToken?: string;
  /** Both unset: replies wait in whatsapp_outbound (staff see them on the order). */
  phoneNumberId?: string;
  accessToken?: string;
  /** The Graph API with its version, without a trailing slash. */
  graphApiBase: string;
  /** A template for order updates outside the 24-hour customer service window. */
  updateTemplate?: { name: string; language: string };
  /** The key that signs pay links. */
  payLinkSecret: string;
}

/** Stitch pay-by-bank (see docs/stitch.md). */
export interface StitchConfig {
  clientId: string;
  clientSecret: string;
  tokenUrl: string;
  /** Origin of Stitch's API, without a trailing slash (GraphQL at `${apiBase}/graphql`). */
  apiBase: string;
  webhookSecret: string;
  beneficiary: { name: string; bankId: string; accountNumber: string };
  refunds: "api" | "manual";
}

/** The STITCH_* variables that switch Stitch on together (all or none). */
export const STITCH_REQUIRED = [
  "STITCH_CLIENT_ID",
  "STITCH_CLIENT_SECRET",
  "STITCH_WEBHOOK_SECRET",
  "STITCH_BENEFICIARY_NAME",
  "STITCH_BENEFICIARY_BANK_ID",
  "STITCH_BENEFICIARY_ACCOUNT_NUMBER",
] as const;

/** PayFast's live host: the default PAYFAST_BASE, and the one where the source-IP check defaults to on. */
export const PAYFAST_LIVE_BASE = "https://www.payfast.co.za";

export class ConfigError extends Error {}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * The one start-up line for a database that cannot be reached: names DATABASE_URL and its
 * host:port (never the password) and says what went wrong in words.
 */
export function databaseProblem(databaseUrl: string, err: unknown): string {
  let where = "the server";
  try {
    const url = new URL(databaseUrl);
    where = `${url.hostname}:${url.port || "5432"}${url.pathname.length > 1 ? url.pathname : ""}`;
  } catch {
    // a malformed URL is refused earlier by loadConfig
  }
  const e = err as { code?: string; errno?: string; message?: string } | null;
  const code = String(e?.code ?? e?.errno ?? "");
  const reasons: Record<string, string> = {
    ECONNREFUSED: "connection refused: is PostgreSQL running and listening there?",
    ENOTFOUND: "unknown host name",
    EAI_AGAIN: "the host name could not be resolved",
    CONNECT_TIMEOUT: "no answer (connection timed out)",
    ETIMEDOUT: "no answer (connection timed out)",
    "28P01": "password authentication failed",
    "28000": "the server refused this user",
    "3D000": "the database does not exist",
    "53300": "the server has too many connections",
    "57P03": "the server is starting up or shutting down",
  };
  const reason = reasons[code] ?? (code ? `error ${code}` : "the connection failed");
  return `DATABASE_URL: cannot use the database at ${where}: ${reason}`;
}

/** Parses the environment; throws ConfigError whose message is one line per bad variable. */
function isProxyTrust(spec: string): boolean {
  try {
    compileProxyTrust(spec);
    return true;
  } catch {
    return false;
  }
}

function proxyTrust(spec: string | undefined): Config["trustedProxies"] {
  return spec ? { spec, trust: compileProxyTrust(spec) } : null;
}

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
  if (Boolean(e.PAYFAST_MERCHANT_ID) !== Boolean(e.PAYFAST_MERCHANT_KEY)) {
    const missing = e.PAYFAST_MERCHANT_ID ? "PAYFAST_MERCHANT_KEY" : "PAYFAST_MERCHANT_ID";
    throw new ConfigError(`Invalid configuration: ${missing}: must be set together with the other PayFast credential`);
  }
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      "Invalid configuration: WEB_CONCURRENCY: more than one server thread needs DATABASE_URL (the embedded database has one connection)",
    );
  }
  const payfastBase = e.PAYFAST_BASE.replace(/\/+$/, "");
  const payfast = e.PAYFAST_MERCHANT_ID && e.PAYFAST_MERCHANT_KEY
    ? {
      merchantId: e.PAYFAST_MERCHANT_ID,
      merchantKey: e.PAYFAST_MERCHANT_KEY,
      passphrase: e.PAYFAST_PASSPHRASE,
      base: payfastBase,
      verifySourceIp: e.PAYFAST_VERIFY_SOURCE_IP
        ? e.PAYFAST_VERIFY_SOURCE_IP === "true"
        : payfastBase === PAYFAST_LIVE_BASE,
    }
    : null;
  const stitchSet = STITCH_REQUIRED.filter((k) => e[k] !== undefined);
  if (stitchSet.length > 0 && stitchSet.length < STITCH_REQUIRED.length) {
    const missing = STITCH_REQUIRED.filter((k) => e[k] === undefined).join(", ");
    throw new ConfigError(`Invalid configuration: ${missing}: must be set together with the other STITCH_* settings`);
  }
  const stitch: StitchConfig | null = stitchSet.length
    ? {
      clientId: e.STITCH_CLIENT_ID!,
      clientSecret: e.STITCH_CLIENT_SECRET!,
      tokenUrl: e.STITCH_TOKEN_URL,
      apiBase: e.STITCH_API_BASE.replace(/\/+$/, ""),
      webhookSecret: e.STITCH_WEBHOOK_SECRET!,
      beneficiary: {
        name: e.STITCH_BENEFICIARY_NAME!,
        bankId: e.STITCH_BENEFICIARY_BANK_ID!,
        accountNumber: e.STITCH_BENEFICIARY_ACCOUNT_NUMBER!,
      },
      refunds: e.STITCH_REFUNDS,
    }
    : null;
  // One key signs every pay link; WhatsApp's links (sent before staff orders existed) keep theirs.
  const waPayLinkSecret = e.WHATSAPP_APP_SECRET
    ? e.PAY_LINK_SECRET ?? e.WHATSAPP_PAY_LINK_SECRET ??
      // A key of its own for pay links, kept apart from Meta's secret by an HMAC with a label.
      createHmac("sha256", e.WHATSAPP_APP_SECRET).update("reptile-basics whatsapp pay links v1").digest("hex")
    : null;
  return {
    port: e.PORT,
    hostname: e.HOSTNAME,
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === "production",
    databaseUrl: e.DATABASE_URL,
    pgliteDir: e.PGLITE_DIR,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    siteUrl,
    seedDemo: e.SEED_DEMO === "true",
    testPayments: e.TEST_PAYMENTS ? e.TEST_PAYMENTS === "true" : e.NODE_ENV !== "production",
    logRequests: e.LOG_REQUESTS === "true",
    webConcurrency: e.WEB_CONCURRENCY,
    logLevel: e.LOG_LEVEL,
    trustedProxies: proxyTrust(e.TRUSTED_PROXIES ?? (e.TRUST_PROXY === "true" ? TRUST_PROXY_RANGES : undefined)),
    pageCache: e.PAGE_CACHE ? e.PAGE_CACHE === "true" : e.NODE_ENV === "production",
    stripe,
    payfast,
    stitch,
    smtpUrl: e.SMTP_URL,
    media: {
      dir: e.MEDIA_DIR,
      s3: e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
        : null,
    },
    meta: {
      graphApiBase: e.META_GRAPH_API_BASE.replace(/\/+$/, ""),
      catalogId: e.META_CATALOG_ID,
      accessToken: e.META_ACCESS_TOKEN,
    },
    payLinkSecret: e.PAY_LINK_SECRET ?? waPayLinkSecret,
    whatsapp: e.WHATSAPP_APP_SECRET
      ? {
        appSecret: e.WHATSAPP_APP_SECRET,
        verifyToken: e.WHATSAPP_VERIFY_TOKEN,
        phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
        accessToken: e.WHATSAPP_ACCESS_TOKEN,
        graphApiBase: e.WHATSAPP_GRAPH_API_BASE.replace(/\/+$/, ""),
        updateTemplate: e.WHATSAPP_UPDATE_TEMPLATE
          ? { name: e.WHATSAPP_UPDATE_TEMPLATE, language: e.WHATSAPP_TEMPLATE_LANGUAGE }
          : undefined,
        payLinkSecret: waPayLinkSecret!,
      }
      : null,
    referralDiscountPercent: e.REFERRAL_DISCOUNT_PERCENT,
    shop: {
      ...shopInfo(e.SHOP_NAME, e.SHOP_EMAIL, e.SHOP_PHONE, e.FREE_SHIPPING_THRESHOLD),
      deliveryFeeCents: Math.round(e.DELIVERY_FEE * 100),
      analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, metaPixelId: e.META_PIXEL_ID },
    },
  };
}

function shopInfo(
  name: string,
  email: string,
  phone: string,
  freeShipping: number,
): Omit<ShopInfo, "analytics" | "deliveryFeeCents"> {
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
