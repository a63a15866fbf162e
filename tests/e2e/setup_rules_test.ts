/**
 * A product's setup rules in a real browser (docs/animals.md), as the demo admin: a new UVB tube gets
 * its rule from the product's edit screen, a refused rule keeps what was typed, the rule is changed,
 * and a shopper's bearded dragon checklist offers the tube at once. Checked with axe; screenshots of
 * the rules page and of the checklist.
 */
import assert from "node:assert/strict";
import { demoAdmin, DESKTOP, expectToast, forAxe, fullPageShot, shotPath, useShopInBrowser } from "../helpers/e2e.ts";
import { axeViolations } from "../helpers/axe.ts";

const e2e = useShopInBrowser({
  start: "[e2e] setup rules: start the shop and the browser",
  stop: "[e2e] setup rules: stop the shop and the browser",
  contexts: { desktop: forAxe(DESKTOP) },
});

const TUBE = "Solarmax T5 HO 12% UVB Tube 85 cm";

e2e.test("[e2e] setup rules: staff give a new tube its rule and the bearded dragon checklist offers it", async () => {
  const { page, errors } = await e2e.signedInPage(e2e.context("desktop"), demoAdmin, { via: "/admin/products/new" });
  await page.getByLabel("Name", { exact: true }).fill(TUBE);
  await page.getByLabel("SKU", { exact: true }).fill("SOL-T5-12-85");
  await page.getByLabel("Description", { exact: true }).fill("A 12% T5 high-output UVB tube for desert species.");
  await page.getByLabel("Price (R)").fill("349.00");
  await page.getByLabel("Stock", { exact: true }).fill("10");
  await page.getByRole("button", { name: "Create product" }).click();
  await page.waitForURL(/\/admin\/products\/\d+$/);

  await page.getByRole("link", { name: "Setup rules" }).click();
  await page.waitForURL(/\/admin\/products\/\d+\/setup$/);
  assert.match(await page.getByText("No setup rules yet").innerText(), /no setup checklist offers this product/);

  const form = page.getByRole("region", { name: "Add a rule" });
  // The form asks only what the chosen need reads: a size for an enclosure, a strength for a UVB lamp.
  assert.ok(await form.getByLabel("Enclosure length (cm)").isVisible());
  assert.ok(!await form.getByLabel("Tube length (cm)").isVisible());
  await form.getByLabel("Need it covers").selectOption({ label: "UVB lighting" });
  assert.ok(!await form.getByLabel("Enclosure length (cm)").isVisible());
  await form.getByLabel("Tube length (cm)").fill("85");
  await form.getByLabel("Desert").check();
  await form.getByLabel("Arid").check();
  await form.getByLabel("Staff pick").check();
  await form.getByRole("button", { name: "Add rule" }).click();
  // Refused without its strength: the message by the field, the rest as typed.
  await page.getByText("A UVB lamp needs its UVB strength").first().waitFor();
  assert.equal(await page.getByLabel("Tube length (cm)").inputValue(), "85");
  assert.ok(await page.getByLabel("Desert").isChecked());
  await page.getByLabel("UVB strength (%)").fill("12");
  await page.getByRole("button", { name: "Add rule" }).click();
  await expectToast(page, "Setup rule added", /UVB lighting, every variant/);
  const row = page.locator("tr[data-rule]");
  assert.equal(await row.count(), 1);
  assert.match(await row.innerText(), /UVB lighting[\s\S]*12% UVB · 85 cm tube · Desert, Arid[\s\S]*Yes/);
  assert.match(await page.locator("[data-suits]").innerText(), /Suitable for: .*Bearded dragon/);
  assert.deepEqual(await axeViolations(page), []);
  await fullPageShot(page, "admin-setup-rules");

  // Change it: the form starts from the rule.
  await row.getByRole("link", { name: "Edit" }).click();
  const change = page.getByRole("region", { name: /Change the rule: UVB lighting/ });
  assert.equal(await change.getByLabel("UVB strength (%)").inputValue(), "12");
  await change.getByLabel("Replace after (months)").fill("12");
  await change.getByRole("button", { name: "Save rule" }).click();
  await expectToast(page, "Setup rule saved");
  assert.match(await page.locator("tr[data-rule]").innerText(), /12 months/);
  // The one refused post answered 400 (the form again, by design); nothing else went wrong.
  assert.deepEqual(errors, ["Failed to load resource: the server responded with a status of 400 (Bad Request)"]);
  await page.close();

  // A shopper's checklist offers it under UVB lighting, straight away (the staff write cleared the caches).
  const shopper = await e2e.openPage("/animals/bearded-dragon", { on: DESKTOP });
  assert.match(await shopper.page.locator("#need-uvb").innerText(), new RegExp(TUBE));
  await shopper.page.locator("#need-uvb").screenshot({ path: shotPath("animal-checklist-uvb-new-tube") });
  await shopper.page.close();
});
