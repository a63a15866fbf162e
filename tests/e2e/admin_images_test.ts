/**
 * Product photos in a real browser, as the demo admin: the images page (/admin/products/{id}/images)
 * uploads a JPEG made here, shows it, moves and deletes photos with plain forms; the storefront
 * product page then loads the uploaded WebP through srcset. Screenshots of the panel, the product page
 * and a category page with the demo drawings, desktop and phone.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, expectToast, fullPageShot, PHONE, useShopInBrowser, watchErrors } from "../helpers/e2e.ts";
import { testJpeg, testPng } from "../helpers/images.ts";

let mediaDir = "";
let productId = 0;
const SLUG = "habistat-heat-mat";

const e2e = useShopInBrowser({
  start: "[e2e images] start the shop (demo catalogue and accounts) and the browser",
  stop: "[e2e images] stop the shop and the browser",
  database: { withAccounts: true },
  env: async () => {
    mediaDir = await Deno.makeTempDir({ prefix: "shop-media-" });
    return { MEDIA_DIR: mediaDir };
  },
  started: async () => {
    const res = await fetch(`${e2e.server.url}/api/products/slug/${SLUG}`);
    assert.equal(res.status, 200);
    productId = (await res.json()).id;
  },
  stopped: async () => {
    await Deno.remove(mediaDir, { recursive: true });
  },
});

let admin: BrowserContext;

async function adminPage(): Promise<Page> {
  if (!admin) {
    admin = await e2e.browser.newContext(DESKTOP);
    await (await e2e.adminPage(admin)).page.close();
  }
  return await admin.newPage();
}

e2e.test("[e2e images] the admin uploads a photo; it is resized to WebP files on disk and listed first", async () => {
  const page = await adminPage();
  const errors = watchErrors(page);
  const path = `/admin/products/${productId}/images`;
  await page.goto(e2e.server.url + path);
  await page.getByRole("heading", { name: "Habistat Heat Mat" }).waitFor();
  const panel = page.getByTestId("product-images");
  const n = Number(/(\d) of 8/.exec(await panel.textContent() ?? "")?.[1]);
  assert.ok(n >= 1 && n <= 6, "the demo drawings are there");

  // Two photos at once: a 1600 px JPEG and a 500 px PNG.
  await page.getByLabel("Add images").setInputFiles([
    { name: "heat-mat.jpg", mimeType: "image/jpeg", buffer: Buffer.from(await testJpeg(1600, 1200, 11)) },
    { name: "detail.png", mimeType: "image/png", buffer: Buffer.from(await testPng(500, 500, 12)) },
  ]);
  await page.getByRole("button", { name: "Upload" }).click();
  await page.waitForURL(e2e.server.url + path);
  await expectToast(page, "2 images uploaded");
  assert.ok((await panel.textContent())?.includes(`${n + 2} of 8`));
  const sources = await panel.locator("li img").evaluateAll((imgs) =>
    imgs.map((i) => ({ src: (i as HTMLImageElement).currentSrc, loaded: (i as HTMLImageElement).naturalWidth }))
  );
  assert.equal(sources.length, n + 2);
  assert.match(sources[n].src, /\/media\/products\/[0-9a-f]{32}-\d+\.webp$/);
  assert.ok(sources.every((s) => s.loaded > 0), JSON.stringify(sources));
  const files: string[] = [];
  for await (const f of Deno.readDir(`${mediaDir}/products`)) files.push(f.name.replace(/^[0-9a-f]{32}/, "H"));
  assert.deepEqual(files.sort(), ["H-1200.webp", "H-320.webp", "H-320.webp", "H-500.webp", "H-640.webp"]);

  // Make the photo the main image: move it left, past the drawings.
  for (let at = n + 1; at > 1; at--) {
    await page.getByRole("button", { name: `Move image ${at} left` }).click();
    await expectToast(page, "Images reordered");
  }
  const first = await panel.locator("li img").first().evaluate((i) => (i as HTMLImageElement).currentSrc);
  assert.match(first, /-(320|640|1200)\.webp$/);

  // A PDF posing as a photo comes back as a red toast.
  await page.getByLabel("Add images").setInputFiles({
    name: "photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("%PDF-1.7 not a photo"),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expectToast(page, "Images not changed", /Images must be JPEG, PNG or WebP files/);

  // Delete the PNG (still last).
  await page.getByRole("button", { name: `Delete image ${n + 2}` }).click();
  await expectToast(page, "Image deleted");
  assert.ok((await panel.textContent())?.includes(`${n + 1} of 8`));
  const left: string[] = [];
  for await (const f of Deno.readDir(`${mediaDir}/products`)) left.push(f.name);
  assert.equal(left.length, 3, "the PNG's two files are gone");
  await fullPageShot(page, "admin-images-desktop");
  assert.deepEqual(errors, []);

  const phone = await e2e.browser.newContext({ ...PHONE, storageState: await admin.storageState() });
  const small = await phone.newPage();
  await small.goto(e2e.server.url + path);
  await small.getByTestId("product-images").waitFor();
  await fullPageShot(small, "admin-images-phone");
  await phone.close();
  await page.close();
});

e2e.test("[e2e images] the storefront product page shows the uploaded photo through srcset", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    const { page, errors } = await e2e.openPage(`/product/${SLUG}`, { on: options });
    const main = page.locator("[data-gallery-main] img");
    await main.waitFor();
    const img = await main.evaluate((i) => {
      const el = i as HTMLImageElement;
      return { srcset: el.srcset, sizes: el.sizes, current: el.currentSrc, natural: el.naturalWidth };
    });
    assert.match(img.srcset, /-320\.webp 320w, .*-640\.webp 640w, .*-1200\.webp 1200w/);
    assert.match(img.current, /\/media\/products\/[0-9a-f]{32}-(640|1200)\.webp$/);
    await page.waitForFunction(() => (document.querySelector("[data-gallery-main] img") as HTMLImageElement).complete);
    const natural = await main.evaluate((
      i,
    ) => [(i as HTMLImageElement).naturalWidth, (i as HTMLImageElement).currentSrc]);
    // Chrome reports the natural width in CSS pixels of the srcset slot (the file's width / density).
    assert.ok(Number(natural[0]) > 0, `the photo loaded: ${natural}`);
    await fullPageShot(page, `product-uploaded-photo-${name}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

e2e.test("[e2e images] a category page shows a drawing per kind of product", async () => {
  for (const [name, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    const { page } = await e2e.openPage("/category/heating-lighting", { on: options });
    const cards = page.locator("article img");
    await cards.first().waitFor();
    const srcs = await cards.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).getAttribute("src")));
    assert.ok(srcs.some((s) => s?.includes("/images/placeholder/habistat-dimming-thermostat")), srcs.join());
    const kinds = new Set<string>();
    for (const src of srcs.filter((s) => s?.startsWith("/images/placeholder/")).slice(0, 12)) {
      const svg = await (await fetch(e2e.server.url + src)).text();
      kinds.add(/data-kind="([a-z]+)"/.exec(svg)?.[1] ?? "?");
    }
    assert.ok(kinds.size >= 4, `several kinds of drawing: ${[...kinds]}`);
    await fullPageShot(page, `category-illustrations-${name}`);
    await page.close();
  }
  await admin?.close();
});

e2e.registerStopTest();
