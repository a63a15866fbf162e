/**
 * Password reset in a real browser against the real shop, with SMTP_URL pointing at the local SMTP
 * sink: request a reset for the demo customer, receive the e-mail, open its link, set a new password,
 * see the success state and the redirect to /login, sign in. Admins then read the message at
 * /admin/outbox, with the reset link hidden (SMTP delivered it).
 */
import assert from "node:assert/strict";
import { parseMessage, resetLinkIn, type SmtpSink, startSmtpSink } from "../fakes/smtp_sink.ts";
import { RESET_LINK_HIDDEN } from "../../domains/mail/mod.ts";
import {
  demoAdmin,
  demoCustomer,
  DESKTOP,
  expectDisabled,
  fullPageShot,
  useShopInBrowser,
  watchedPage,
} from "../helpers/e2e.ts";

const EMAIL = demoCustomer.email;
const NEW_PASSWORD = "Chameleon-Care7!";

let sink: SmtpSink;
let link = "";

const e2e = useShopInBrowser({
  start: "[e2e reset] start the SMTP sink, the shop (SMTP_URL set) and the browser",
  stop: "[e2e reset] stop the shop, the browser and the sink",
  env: () => {
    sink = startSmtpSink();
    return { SMTP_URL: sink.url() };
  },
  started: () => assert.match(e2e.server.output(), /SMTP_URL set: the outbox is delivered/),
  stopped: async (server) => {
    await sink?.stop();
    assert.match(server.output(), /"message":"stopped"/);
    assert.ok(!/reset-password\?token=/.test(server.output()), "no reset link in the shop's log");
  },
});

/** A form re-rendered with its messages answers 400, which Chromium logs as a failed resource. */
const refusedForm = /status of 400/;

e2e.test("[e2e reset] a link without a token is an 'Invalid Reset Link'", async () => {
  const page = await e2e.browser.newPage(DESKTOP);
  await page.goto(`${e2e.server.url}/reset-password`);
  assert.ok(await page.getByRole("heading", { name: "Invalid Reset Link" }).isVisible());
  await fullPageShot(page, "reset-password-invalid");
  await page.getByRole("link", { name: "Request a new reset link" }).click();
  await page.waitForURL("**/forgot-password");
  await page.close();
});

e2e.test("[e2e reset] request a reset for the demo customer; the e-mail arrives by SMTP", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP, ignore: refusedForm });
  await page.goto(`${e2e.server.url}/login`);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL("**/forgot-password");
  assert.ok(await page.getByRole("heading", { name: "Forgot your password?" }).isVisible());
  assert.ok(await page.getByRole("link", { name: "Back to sign in" }).isVisible());
  await fullPageShot(page, "forgot-password");

  await page.getByLabel("E-mail").fill("not-an-address");
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.getByText("Please enter a valid email address").waitFor();

  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.waitForURL("**/forgot-password?sent=1");
  await page.getByText("If an account exists for that e-mail, we have sent a reset link. It expires in 1 hour.")
    .waitFor();
  await fullPageShot(page, "forgot-password-sent");

  const message = await sink.waitForMessage((m) => m.to.includes(EMAIL), 20_000);
  assert.equal(parseMessage(message.raw).headers.subject, "Reset your Reptile Basics password");
  link = resetLinkIn(message);
  assert.ok(link.startsWith(`${e2e.server.url}/reset-password?token=`), link);
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.test("[e2e reset] open the link, set a new password, see success and go to /login after 3 seconds", async () => {
  assert.ok(link, "the previous step received the e-mail");
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP, ignore: refusedForm });
  // Hold the island's link check for a moment, to see the 'verifying' state.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/api/auth/reset-password/verify**", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await page.getByText("Verifying your reset link...").waitFor();
  await fullPageShot(page, "reset-password-verifying");
  release();
  await page.getByText("Choose a new password for your account.").waitFor();
  await expectDisabled(page.getByRole("button", { name: "Reset password" }), false);

  const password = page.getByLabel("New password", { exact: true });
  assert.equal(await password.getAttribute("maxlength"), "100");
  await password.fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password").fill("Something-Else1!");
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByText("Passwords do not match").waitFor();
  assert.ok(page.url().includes("token="), "checked in the browser, nothing sent");
  await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
  assert.match(await page.locator("[data-strength]").innerText(), /Password strength: (strong|very strong)/);
  await fullPageShot(page, "reset-password-form");

  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByRole("heading", { name: "Password reset" }).waitFor();
  const started = Date.now();
  assert.ok(await page.getByText("You can now sign in with your new password.").isVisible());
  await page.locator('[data-island="ResetRedirect"][data-hydrated="true"]').waitFor();
  await fullPageShot(page, "reset-password-success");
  assert.ok(await page.getByRole("link", { name: "Sign in now" }).isVisible());
  await page.waitForURL("**/login", { timeout: 8000 });
  const waited = Date.now() - started;
  assert.ok(waited >= 1500 && waited < 6000, `redirected after ${waited} ms`);
  await page.getByText("Sign in with your new password.").waitFor();

  await e2e.signIn(page, { username: demoCustomer.username, password: NEW_PASSWORD });
  await page.waitForURL(`${e2e.server.url}/`);
  await page.getByText("Welcome back!").waitFor();
  assert.deepEqual(errors, []);

  // The link is spent.
  const again = await page.goto(link);
  assert.equal(again?.status(), 400);
  assert.ok(await page.getByRole("heading", { name: "Invalid Reset Link" }).isVisible());
  await page.close();
});

e2e.test("[e2e reset] the same path works with JavaScript switched off", async () => {
  const context = await e2e.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await context.newPage();
  const before = sink.messages.length;
  await page.goto(`${e2e.server.url}/forgot-password`);
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await page.waitForURL("**/forgot-password?sent=1");
  const message = await sink.waitForMessage(
    (m) => sink.messages.indexOf(m) >= before && m.to.includes(EMAIL),
    20_000,
  );
  const noJsLink = resetLinkIn(message);
  assert.notEqual(noJsLink, link, "a new link");
  await page.goto(noJsLink);
  await page.getByLabel("New password", { exact: true }).fill("Leopard-Gecko8#");
  await page.getByLabel("Confirm new password").fill("Leopard-Gecko8#");
  await page.getByRole("button", { name: "Reset password" }).click();
  await page.getByRole("heading", { name: "Password reset" }).waitFor();
  await page.waitForURL("**/login", { timeout: 8000 });
  await e2e.signIn(page, { username: EMAIL, password: "Leopard-Gecko8#" });
  await page.waitForURL(`${e2e.server.url}/`);
  const me = await page.request.get(`${e2e.server.url}/api/auth/me`);
  assert.equal(me.status(), 200);
  assert.equal((await me.json()).username, "customer");
  await context.close();
});

e2e.test("[e2e reset] an admin reads the sent message at /admin/outbox", async () => {
  const { page, errors } = await watchedPage(e2e.browser, { view: DESKTOP, ignore: refusedForm });
  await page.goto(`${e2e.server.url}/login?redirect=/admin/outbox`);
  await e2e.signIn(page, demoAdmin);
  await page.waitForURL("**/admin/outbox");
  assert.ok(await page.getByRole("link", { name: "Back to Site" }).isVisible());
  const row = page.locator("tr", { hasText: EMAIL }).first();
  assert.ok(await row.getByText("Sent").isVisible());
  await fullPageShot(page, "admin-outbox");
  await row.getByRole("link", { name: "Reset your Reptile Basics password" }).click();
  await page.locator('pre[data-body="text"]').waitFor();
  // SMTP delivers the mail, so the outbox never shows the live single-use link to staff.
  const body = await page.locator('pre[data-body="text"]').innerText();
  assert.ok(body.includes(RESET_LINK_HIDDEN), body);
  assert.doesNotMatch(body, /reset-password\?token=/);
  assert.equal(await page.locator("iframe").getAttribute("sandbox"), "");
  await fullPageShot(page, "admin-outbox-message");
  assert.deepEqual(errors, []);
  await page.close();
});

e2e.registerStopTest();
