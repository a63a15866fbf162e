/**
 * Headless Chromium for browser tests (playwright-core driving Debian's /usr/bin/chromium). When no
 * Chromium is installed the tests are skipped with a one-line reason, unless E2E_REQUIRED=true
 * (CI), where a missing browser is a failure.
 */
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_PATH = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

export const chromiumAvailable = exists(CHROMIUM_PATH);
export const skipReason = chromiumAvailable ? null : `browser tests skipped: no Chromium at ${CHROMIUM_PATH}`;

if (!chromiumAvailable) {
  if (Deno.env.get("E2E_REQUIRED") === "true") throw new Error(`E2E_REQUIRED=true but ${skipReason}`);
  console.log(skipReason);
}

/** What Chromium needs here: no sandbox (root), no GPU, no network of its own (closed network). */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
}

export const screenshotDir = new URL("../.screenshots/", import.meta.url).pathname;

export async function ensureScreenshotDir() {
  await Deno.mkdir(screenshotDir, { recursive: true });
}
