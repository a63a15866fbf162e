/**
 * What every browser test file shares: the real shop and a headless Chromium started by a first
 * test and stopped by a last one, the test options they all need, error watching, screenshots and
 * the sign-in form. Each file keeps its own test names and checks.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from "playwright-core";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { type Db, openDb } from "../../db/client.ts";
import { products, productVariants, users } from "../../db/schema/mod.ts";
import { addToCart } from "../../domains/cart/mod.ts";
import { demoAccounts } from "../../seed/demo.ts";
import { seedDemo } from "../../seed/mod.ts";
import { chromiumAvailable, ensureScreenshotDir, launchBrowser, screenshotDir } from "./browser.ts";
import { createAddress } from "./factories.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * Skipped without Chromium. The shop, the browser and their sockets outlive single tests (they are
 * shared by the file), so Deno's op and resource sanitizers would misreport them as leaks.
 */
const e2eOptions = { ignore: !chromiumAvailable, sanitizeOps: false, sanitizeResources: false };

/** Registers one browser test with {@link e2eOptions}. */
export function e2eTest(name: string, fn: () => Promise<void> | void) {
  Deno.test({ name, ...e2eOptions, fn });
}

/** Browser context options for the two screens the tests look at: a desktop and a phone (touch). */
export const DESKTOP = { viewport: { width: 1280, height: 900 } };
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The seeded demo accounts the browser tests sign in with (seeded outside production only). */
export const demoCustomer = demoAccounts.find((a) => a.role === "customer")!;
export const demoAdmin = demoAccounts.find((a) => a.role === "admin")!;

export interface ShopInBrowserOptions {
  /** The name of the first test, which starts the shop and the browser. */
  start: string;
  /** The name of the last test, which stops them and checks the shop exited cleanly. */
  stop: string;
  /** Extra environment for the shop; may first start what it points at (an SMTP sink, say). */
  env?: () => Record<string, string> | Promise<Record<string, string>>;
  /**
   * Runs the shop on a PGlite directory prepared here (the demo catalogue, the demo accounts when
   * asked, and whatever `fill` adds) instead of its own empty in-memory one, which a test cannot
   * reach from outside. The directory is removed after the stop.
   */
  database?: { withAccounts: boolean; fill?(db: Db): Promise<void> };
  /**
   * Browser contexts the file's tests share (their cookies and storage carry from one test to the
   * next), by name, each with its options: opened in the start test, read as `context(name)`.
   */
  contexts?: Record<string, BrowserContextOptions>;
  /** More set-up inside the start test, once the shop, the browser and the `contexts` run. */
  started?: () => Promise<void> | void;
  /** More clean-up and checks inside the stop test, once the shop has stopped. */
  stopped?: (server: RunningServer) => Promise<void> | void;
}

export interface ShopInBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The shared browser context of that name in {@link ShopInBrowserOptions.contexts}. */
  context(name: string): BrowserContext;
  /** Registers one of the file's tests, which use this shop ({@link e2eTest}). */
  test(name: string, fn: () => Promise<void> | void): void;
  /**
   * A new page on `on` ({@link PageHome}; without it, a desktop of its own), its errors watched
   * ({@link watchErrors}, `ignore` and `into` as there), opened at the shop's `path`.
   */
  openPage(path: string, options?: PageOptions): Promise<{ page: Page; errors: string[] }>;
  /**
   * A new page on `on` ({@link PageHome}), its errors watched ({@link watchErrors}, `ignore` and `into` as there),
   * signed in as `account` through the /login form: on the way to `via` ({@link signIn}), or without it from
   * /login, waiting until the shop has sent the page on.
   */
  signedInPage(
    on: PageHome,
    account: { username: string; password: string },
    options?: SignedInOptions,
  ): Promise<{ page: Page; errors: string[] }>;
  /** {@link signIn} on `page` as `account`, through this shop's /login form. */
  signIn(page: Page, account: { username: string; password: string }, options?: { via?: string }): Promise<void>;
  /** {@link signedInPage} as the demo admin. */
  adminPage(on: PageHome, options?: SignedInOptions): Promise<{ page: Page; errors: string[] }>;
  /** {@link signedInPage} as the demo customer. */
  customerPage(on: PageHome, options?: SignedInOptions): Promise<{ page: Page; errors: string[] }>;
}

/**
 * Where a new page opens: in a context the test shares between pages, or in a context of its own with
 * these options, which closes with the page.
 */
export type PageHome = BrowserContext | BrowserContextOptions;

type PageOptions = { on?: PageHome; ignore?: RegExp; into?: string[] };
type SignedInOptions = { via?: string; ignore?: RegExp; into?: string[] };

/**
 * A context's options for pages axe checks: axe is injected as a script, which the shop's CSP
 * (script-src 'self') would refuse; axe only reads the page.
 */
export function forAxe(view: BrowserContextOptions): BrowserContextOptions {
  return { ...view, bypassCSP: true };
}

/**
 * Registers the start test now; `registerStopTest()` registers the stop test and goes after the
 * file's own tests (Deno runs a file's tests in the order they are registered).
 */
export function useShopInBrowser(options: ShopInBrowserOptions): ShopInBrowser & { registerStopTest(): void } {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  let contexts: Record<string, BrowserContext> | undefined;
  let dataDir: string | undefined;

  e2eTest(options.start, async () => {
    await ensureScreenshotDir();
    const env = { ...await options.env?.() };
    if (options.database) {
      dataDir = await Deno.makeTempDir({ prefix: "shop-e2e-" });
      await prepareDatabase(dataDir, options.database);
      env.PGLITE_DIR = dataDir;
    }
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
    const opened: Record<string, BrowserContext> = {};
    for (const [name, contextOptions] of Object.entries(options.contexts ?? {})) {
      opened[name] = await browser.newContext(contextOptions);
    }
    contexts = opened;
    await options.started?.();
  });

  function newWatchedPage(on: PageHome, options: { ignore?: RegExp; into?: string[] }) {
    if (!browser) throw new Error("the browser is not running: did the start test fail?");
    return "newPage" in on ? watchedPage(on, options) : watchedPage(browser, { view: on, ...options });
  }

  function shopUrl() {
    if (!server) throw new Error("the shop is not running: did the start test fail?");
    return server.url;
  }

  function signInTo(page: Page, account: { username: string; password: string }, options?: { via?: string }) {
    return signIn(page, shopUrl(), account.username, account.password, options);
  }

  async function signedInPage(
    on: PageHome,
    account: { username: string; password: string },
    { via, ignore, into }: SignedInOptions = {},
  ) {
    const { page, errors } = await newWatchedPage(on, { ignore, into });
    await signInTo(page, account, { via });
    if (!via) await page.waitForURL((u) => !u.pathname.startsWith("/login"));
    return { page, errors };
  }

  return {
    get server() {
      if (!server) throw new Error("the shop is not running: did the start test fail?");
      return server;
    },
    get browser() {
      if (!browser) throw new Error("the browser is not running: did the start test fail?");
      return browser;
    },
    context(name) {
      if (!contexts) throw new Error("the browser is not running: did the start test fail?");
      const context = contexts[name];
      if (!context) throw new Error(`no browser context "${name}": name it in the file's useShopInBrowser contexts`);
      return context;
    },
    test: e2eTest,
    async openPage(path, { on = DESKTOP, ignore, into } = {}) {
      const { page, errors } = await newWatchedPage(on, { ignore, into });
      await page.goto(shopUrl() + path);
      return { page, errors };
    },
    signIn: signInTo,
    signedInPage,
    adminPage: (on, options) => signedInPage(on, demoAdmin, options),
    customerPage: (on, options) => signedInPage(on, demoCustomer, options),
    registerStopTest() {
      e2eTest(options.stop, async () => {
        try {
          await browser?.close();
          const code = await server?.stop();
          if (server) await options.stopped?.(server);
          assert.equal(code, 0, server?.output() ?? "the shop never started");
        } finally {
          if (dataDir) await Deno.remove(dataDir, { recursive: true });
        }
      });
    },
  };
}

async function prepareDatabase(dir: string, prepare: NonNullable<ShopInBrowserOptions["database"]>) {
  const database = await openDb({ pgliteDir: dir });
  try {
    await database.migrate();
    await seedDemo(database.db, { withAccounts: prepare.withAccounts });
    await prepare.fill?.(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Collects script errors and console errors on the page, to assert there were none. `ignore`
 * leaves out console lines a test expects (a form refused with a 400 is logged as a failed
 * resource); `into` collects several pages into one list.
 */
export function watchErrors(page: Page, options: { ignore?: RegExp; into?: string[] } = {}): string[] {
  const errors = options.into ?? [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !options.ignore?.test(m.text())) errors.push(m.text());
  });
  return errors;
}

/**
 * A new page with its errors watched ({@link watchErrors}): from a browser (opened with `view`, its
 * own context) or from a context; returns the page and the list its errors go to.
 */
export async function watchedPage(
  from: Browser | BrowserContext,
  options: { view?: BrowserContextOptions; ignore?: RegExp; into?: string[] } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = "contexts" in from ? await from.newPage(options.view) : await from.newPage();
  return { page, errors: watchErrors(page, options) };
}

/**
 * Asserts that a control is (or is not) disabled, first giving React a moment to get there: an island
 * marked hydrated may still be applying the state its effects set (a button enabled for the no-JS
 * form becomes disabled right after hydration).
 */
export async function expectDisabled(control: Locator, disabled: boolean, message?: string) {
  const handle = await control.elementHandle();
  await control.page().waitForFunction(
    ([el, want]) => (el as HTMLButtonElement | HTMLInputElement).disabled === want,
    [handle, disabled] as const,
    { timeout: 5_000 },
  ).catch(() => {/* the assertion below reports it */});
  assert.equal(await control.isDisabled(), disabled, message ?? `expected disabled=${disabled}`);
}

/**
 * Waits for the toast with this title (and description, when given). Matching both matters: toasts
 * show one at a time for 5 s, so an earlier toast with the same title may still be on screen.
 */
export async function expectToast(page: Page, title: string, description?: RegExp) {
  let toast = page.locator("[data-toast]").filter({ hasText: title });
  if (description) toast = toast.filter({ hasText: description });
  await toast.waitFor();
}

/** Where a screenshot called `name` is saved (tests/.screenshots/). */
export function shotPath(name: string): string {
  return `${screenshotDir}${name}.png`;
}

/**
 * Full-page screenshot from the top, so the sticky header sits where a visitor first sees it; the
 * pause lets the header's scroll shadow fade out first.
 */
export async function fullPageShot(page: Page, name: string) {
  await page.evaluate(() => scrollTo(0, 0));
  await page.waitForTimeout(200);
  await page.screenshot({ path: shotPath(name), fullPage: true });
}

/** Screenshot of what the viewport shows (an open menu, dialog or drawer), after transitions settle. */
export async function viewportShot(page: Page, name: string) {
  await page.waitForTimeout(200);
  await page.screenshot({ path: shotPath(name) });
}

/**
 * Signs in through the /login form. With `via`, a page that needs a signed-in visitor: it is opened
 * first, must send the visitor to /login?redirect=..., and the sign-in must land back on it. Without
 * it, the form open on the page (or /login) is sent and the caller waits for where it leads (or for
 * its error message).
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
  { via }: { via?: string } = {},
) {
  if (via) {
    await page.goto(baseUrl + via);
    await page.waitForURL(`${baseUrl}/login?redirect=${encodeURIComponent(via)}`);
  } else if (!page.url().startsWith(`${baseUrl}/login`)) {
    await page.goto(`${baseUrl}/login`);
  }
  await page.getByLabel("Username or e-mail").fill(username);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (via) await page.waitForURL(baseUrl + via);
}

/**
 * Fills the open /register form for `person` (the password twice, the terms accepted) and sends it,
 * once the password field's island has hydrated; the caller waits for where it leads.
 */
export async function registerThroughForm(
  page: Page,
  person: { username: string; email: string; firstName: string; lastName: string; password: string },
) {
  await page.locator('[data-island="PasswordField"][data-hydrated="true"]').waitFor();
  await page.getByLabel("Username").fill(person.username);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("First name (optional)").fill(person.firstName);
  await page.getByLabel("Last name (optional)").fill(person.lastName);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Confirm password").fill(person.password);
  await page.getByRole("checkbox", { name: /I accept the terms/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
}

/** The demo customer's row, for a `database.fill` to give them things. */
export async function findDemoCustomer(db: Db) {
  const [customer] = await db.select().from(users).where(eq(users.username, demoCustomer.username));
  return customer;
}

/**
 * A `database.fill` for {@link useShopInBrowser}: one of the demo catalogue's `productName` in the
 * demo customer's cart. The seed gives the customer a default address, so checkout goes straight on
 * to payment.
 */
export function demoCartWith(productName: string) {
  return async (db: Db) => {
    const customer = await findDemoCustomer(db);
    const [product] = await db.select().from(products).where(eq(products.name, productName));
    await addToCart(db, { userId: customer.id }, { productId: product.id, quantity: 1 });
  };
}

/**
 * The shop for paying through a hosted provider's fake (PayFast, Stitch): the demo customer with
 * `productName` in the cart, the shop pointed at the fake by its `shopEnv`, the fake closed after the
 * stop test. `tag` and `provider` name the start and stop tests.
 */
export function useShopWithFakeProvider(
  tag: string,
  provider: string,
  fake: { shopEnv: Record<string, string>; close(): Promise<void> },
  productName: string,
) {
  return useShopInBrowser({
    start: `[e2e ${tag}] prepare the shop with ${provider} (the fake), start it and the browser`,
    stop: `[e2e ${tag}] stop the shop, the browser and the fake ${provider}`,
    env: () => ({ NODE_ENV: "test", ...fake.shopEnv }),
    database: { withAccounts: true, fill: demoCartWith(productName) },
    stopped: () => fake.close(),
  });
}

/**
 * After a hosted payment: the order page names the `method` and says Paid (screenshot `shot`), and
 * the page logged no errors.
 */
export async function expectPaidOrderPage(
  page: Page,
  { url, orderId, method, shot, errors }: {
    url: string;
    orderId: number;
    method: RegExp;
    shot: string;
    errors: string[];
  },
) {
  await page.goto(`${url}/order/${orderId}`);
  const detail = (await page.locator("main").textContent()) ?? "";
  assert.match(detail, method);
  assert.match(detail, /Paid/);
  await fullPageShot(page, shot);
  assert.deepEqual(errors, []);
}

/**
 * From checkout's review step, places the order with 'Continue to Payment' and waits for the
 * payment step to be ready; the new order's id.
 */
export async function toPaymentStep(page: Page): Promise<number> {
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await page.waitForURL(/\/checkout\?order=\d+$/);
  const orderId = Number(new URL(page.url()).searchParams.get("order"));
  await page.locator('[data-island="CheckoutPayment"] [data-payment-state="ready"]').waitFor();
  return orderId;
}

/**
 * The demo customer, signed in on a desktop page of their own on the way to /checkout, places the
 * order in their cart ({@link toPaymentStep}): the page at the payment step, and the order's id.
 */
export async function customerAtPaymentStep(shop: ShopInBrowser) {
  const { page, errors } = await shop.customerPage(DESKTOP, { via: "/checkout" });
  const orderId = await toPaymentStep(page);
  return { page, errors, orderId };
}

/** Pays on the payment step's card form with the offline test provider's `cardNumber` (4242... pays). */
export async function payByCard(page: Page, cardNumber: string, expiry = "12/34") {
  const form = page.locator('[data-island="CheckoutPayment"]');
  await form.getByLabel("Card number").fill(cardNumber);
  await form.getByLabel("Expiry (MM/YY)").fill(expiry);
  await form.getByLabel("CVC").fill("123");
  await form.getByRole("button", { name: /^Pay R/ }).click();
}

/**
 * For a `database.fill`: gives the demo customer a new default delivery address, and picks the first
 * `count` products on sale without variants and with more than 5 in stock, for the test to buy.
 */
export async function demoBuyerAndStock(db: Db, count: number) {
  const customer = await findDemoCustomer(db);
  const address = await createAddress(db, customer.id);
  await db.update(users).set({ defaultShippingAddressId: address.id }).where(eq(users.id, customer.id));
  const stocked = await db.select({ id: products.id, name: products.name, stock: products.stock }).from(products)
    .where(and(
      gt(products.stock, 5),
      isNull(products.archivedAt),
      eq(products.status, "active"),
      sql`not exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id})`,
    )).orderBy(products.id).limit(count);
  return { customerId: customer.id, stocked };
}

/**
 * A `database.fill` that runs {@link demoBuyerAndStock} for `count` products, and the list those
 * products land in (empty until the start test has run).
 */
export function demoBuyerAndPicks(count: number) {
  const picks: { id: number; name: string; stock: number }[] = [];
  const fill = async (db: Db) => {
    picks.push(...(await demoBuyerAndStock(db, count)).stocked);
  };
  return { picks, fill };
}
