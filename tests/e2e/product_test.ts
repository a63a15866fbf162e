/** The product page in a real browser: variant picker, quantity stepper, gallery, share button, screenshots. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  DESKTOP,
  expectDisabled,
  fullPageShot,
  type PageHome,
  PHONE,
  useShopInBrowser,
  viewportShot,
} from "../helpers/e2e.ts";
import { formatMoney } from "../../lib/money.ts";
import {
  chargedPriceCents,
  choiceStatus,
  defaultChoiceIndex,
  maxQuantity,
  stockLine,
} from "../../components/catalog/ProductChoice.tsx";

const e2e = useShopInBrowser({
  start: "[e2e product] start the shop and the browser; find a product with variants and a pre-order",
  stop: "[e2e product] stop the shop and the browser",
  started: findProduct,
});

interface ApiVariant {
  id: number;
  name: string;
  sku: string;
  price: number;
  salePrice: number | null;
  stock: number;
  preorder: boolean;
  preorderDiscount: number | null;
  arrivalDate: string | null;
}
interface ApiProduct {
  id: number;
  slug: string;
  name: string;
  images: string[];
  variants: ApiVariant[];
}

/** A seeded product with several images and variants: in stock (at least two) and a pre-order. */
let product: ApiProduct;

const cents = (rand: number) => Math.round(rand * 100);
const choice = (v: ApiVariant) => ({
  ...v,
  priceCents: cents(v.price),
  salePriceCents: v.salePrice === null ? null : cents(v.salePrice),
});
/** Intl writes non-breaking spaces; compare with plain ones. */
const plain = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

/** The product's page on `on` (a desktop of its own by default), errors watched, once its islands have hydrated. */
async function openProduct(on: PageHome = DESKTOP, into?: string[]) {
  const { page, errors } = await e2e.openPage(`/product/${product.slug}`, { on, into });
  await page.locator('[data-island="BuyBox"][data-hydrated="true"]').waitFor();
  await page.locator('[data-island="ProductGallery"][data-hydrated="true"]').waitFor();
  return { page, errors };
}

/** Clicks a variant's option chip (the radio itself is visually hidden). */
async function chooseVariant(page: Page, v: ApiVariant) {
  await page.locator(`label:has(input[data-variant-option="${v.id}"])`).click();
  assert.equal(await page.locator(`input[data-variant-option="${v.id}"]`).isChecked(), true, `${v.name} checked`);
}

/** Picks {@link product} from the running shop's catalogue. */
async function findProduct() {
  const list = await (await fetch(`${e2e.server.url}/api/products?limit=100`)).json() as { items: { id: number }[] };
  for (const item of list.items) {
    const p = await (await fetch(`${e2e.server.url}/api/products/${item.id}/with-variants`)).json() as ApiProduct;
    const inStock = p.variants.filter((v) => !v.preorder && v.stock > 1);
    if (p.images.length > 1 && inStock.length >= 2 && p.variants.some((v) => v.preorder && v.preorderDiscount)) {
      product = p;
      break;
    }
  }
  assert.ok(product, "the demo catalogue has a product with images, in-stock variants and a discounted pre-order");
}

e2e.test("[e2e product] choosing a variant updates price, stock line, SKU, specifications and the form", async () => {
  const { page, errors } = await openProduct();
  const main = page.locator("main");
  const byDefault = product.variants[defaultChoiceIndex(product.variants)];
  assert.equal(await main.locator("[data-sku]").textContent(), byDefault.sku, "server render shows the default");

  for (const v of [...product.variants].reverse()) {
    await chooseVariant(page, v);
    const c = choice(v);
    assert.equal(await main.locator("[data-sku]").textContent(), v.sku);
    assert.equal(await main.locator("[data-stock]").textContent(), stockLine(v));
    assert.equal(await page.locator('[data-spec="sku"]').textContent(), v.sku, "specifications follow");
    const price = plain(await main.locator("[data-price]").first().textContent());
    assert.ok(price.startsWith(plain(formatMoney(chargedPriceCents(c)))), `${v.name}: ${price}`);
    if (choiceStatus(v) === "out_of_stock") {
      assert.equal(await page.locator("form[data-cart-add]").count(), 0);
      assert.ok(await page.getByRole("button", { name: "Notify Me When Available" }).isVisible());
      continue;
    }
    assert.equal(await page.locator('form[data-cart-add] input[name="variantId"]').inputValue(), String(v.id));
    assert.equal(
      await page.locator('[data-island="BuyBox"] input[name="quantity"]').getAttribute("max"),
      String(maxQuantity(v)),
    );
    if (v.preorder) {
      const note = plain(await main.locator("[data-preorder]").textContent());
      assert.match(note, new RegExp(`you will be charged ${plain(formatMoney(chargedPriceCents(c)))} each`));
      assert.ok(chargedPriceCents(c) < c.priceCents, "the pre-order discount lowers the price");
      assert.match(note, /Expected \d{1,2} \w+ \d{4}\./);
      assert.equal(
        plain(await page.locator('button[type="submit"]', { hasText: "Pre-order" }).textContent()),
        "Pre-order Now",
      );
    }
  }

  // Radios: arrow keys move the choice.
  const first = product.variants[0];
  await chooseVariant(page, first);
  await page.locator(`input[data-variant-option="${first.id}"]`).focus();
  await page.keyboard.press("ArrowRight");
  assert.equal(await page.locator(`input[data-variant-option="${product.variants[1].id}"]`).isChecked(), true);
  assert.equal(await main.locator("[data-sku]").textContent(), product.variants[1].sku);
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test(
  "[e2e product] quantity stepper: minus disabled at 1, plus disabled at stock, clamped on a new choice",
  async () => {
    const { page, errors } = await openProduct();
    const inStock = product.variants.filter((v) => !v.preorder && v.stock > 1).sort((a, b) => b.stock - a.stock);
    const [big, small] = [inStock[0], inStock.at(-1)!];
    const quantity = page.locator('[data-island="BuyBox"] input[name="quantity"]');
    const minus = page.getByRole("button", { name: "Decrease quantity" });
    const plus = page.getByRole("button", { name: "Increase quantity" });

    await chooseVariant(page, big);
    assert.equal(await quantity.inputValue(), "1");
    await expectDisabled(minus, true, "minus disabled at 1");
    for (let i = 1; i < big.stock; i++) await plus.click();
    assert.equal(await quantity.inputValue(), String(big.stock));
    await expectDisabled(plus, true, "plus disabled at stock");
    await expectDisabled(minus, false);
    await minus.click();
    assert.equal(await quantity.inputValue(), String(big.stock - 1));

    if (small.stock < big.stock - 1) {
      await chooseVariant(page, small);
      assert.equal(await quantity.inputValue(), String(small.stock), "a smaller stock clamps the quantity");
      await expectDisabled(plus, true);
    }
    // Typed values are clamped when the field is left.
    await quantity.fill("999");
    await quantity.blur();
    assert.equal(await quantity.inputValue(), String(Math.min(small.stock, big.stock)));
    await quantity.fill("0");
    await quantity.blur();
    assert.equal(await quantity.inputValue(), "1");
    assert.deepEqual(errors, []);
    await page.close();
  },
);

e2e.test("[e2e product] gallery: a thumbnail becomes the main image, by click and by keyboard", async () => {
  const { page, errors } = await openProduct();
  const mainImage = page.locator("[data-gallery-main] img");
  const thumbs = page.getByRole("button", { name: /^Show image \d+ of \d+$/ });
  assert.equal(await thumbs.count(), product.images.length);
  assert.equal(await mainImage.getAttribute("src"), product.images[0]);
  assert.equal(await thumbs.nth(0).getAttribute("aria-pressed"), "true");

  await thumbs.nth(1).click();
  assert.equal(await mainImage.getAttribute("src"), product.images[1]);
  assert.equal(await thumbs.nth(1).getAttribute("aria-pressed"), "true");
  assert.equal(await thumbs.nth(0).getAttribute("aria-pressed"), "false");

  await thumbs.nth(1).press("ArrowLeft");
  assert.equal(await mainImage.getAttribute("src"), product.images[0]);
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute("aria-label")),
    "Show image 1 of " + product.images.length,
  );
  await page.keyboard.press("End");
  assert.equal(await mainImage.getAttribute("src"), product.images.at(-1));
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test(
  "[e2e product] share copies the product URL ('Link copied!'); a refused clipboard says 'Copy failed'",
  async () => {
    const context = await e2e.browser.newContext(DESKTOP);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e2e.server.url });
    const { page, errors } = await openProduct(context);
    await page.locator('[data-island="ShareButton"][data-hydrated="true"]').waitFor();
    await page.getByRole("button", { name: "Share" }).click();
    const toast = page.locator("[data-toast]");
    await toast.waitFor();
    assert.match(plain(await toast.textContent()), /^Link copied!Product link copied to clipboard/);
    assert.equal(
      await page.evaluate(() => navigator.clipboard.readText()),
      `${e2e.server.url}/product/${product.slug}`,
    );

    await page.evaluate(() => {
      Object.defineProperty(navigator.clipboard, "writeText", { value: () => Promise.reject(new Error("denied")) });
    });
    await page.getByRole("button", { name: "Share" }).click();
    await page.locator("[data-toast]", { hasText: "Copy failed" }).waitFor();
    assert.match(plain(await toast.textContent()), /^Copy failedCould not copy the link to clipboard/);
    assert.deepEqual(errors, []);
    await context.close();
  },
);

e2e.test("[e2e product] screenshots: desktop 1280 and phone 390", async () => {
  const { page: desktop, errors } = await openProduct();
  await fullPageShot(desktop, "product-desktop");
  const pre = product.variants.find((v) => v.preorder)!;
  await chooseVariant(desktop, pre);
  await desktop.waitForTimeout(300); // let the option chips finish their transition
  await viewportShot(desktop, "product-desktop-preorder");
  await desktop.close();

  const { page: phone } = await openProduct(PHONE, errors);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  assert.ok(overflow <= 0, `no sideways scrolling on a phone (${overflow}px too wide)`);
  await fullPageShot(phone, "product-phone");
  await phone.close();
  assert.deepEqual(errors, []);
});

e2e.registerStopTest();
