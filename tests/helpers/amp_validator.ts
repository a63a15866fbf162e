/**
 * The official AMP validator, offline. The amphtml-validator package normally downloads
 * validator_wasm.js from the AMP CDN at run time, which this project's machines cannot reach. next@15
 * ships the same file (dist/compiled/amphtml-validator/validator_wasm.js, Apache-2.0, by the AMP HTML
 * Authors), so the first use takes it from the npm registry with `npm pack`, extracts that one file
 * with `tar`, checks its SHA-256 and caches it under the OS temp directory; later runs reuse the copy.
 * Set AMP_VALIDATOR_JS to a local validator_wasm.js to skip all that.
 */
import amphtmlValidator from "amphtml-validator";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";

const PACKAGE = "next@15.5.29";
const FILE_IN_PACKAGE = "package/dist/compiled/amphtml-validator/validator_wasm.js";
const SHA256 = "f1f4629ab36f555f5a9937a5cf00f0ef780bf025883c035d06389b151c896f26";
const CACHE_DIR = join(tmpdir(), `amphtml-validator-${PACKAGE.replace("@", "-")}`);

export interface AmpValidationError {
  severity: "ERROR" | "WARNING" | "UNKNOWN_SEVERITY";
  line: number;
  col: number;
  message: string;
  specUrl: string | null;
  code: string;
}

export interface AmpValidation {
  status: "PASS" | "FAIL" | "UNKNOWN";
  errors: AmpValidationError[];
}

async function sha256Of(path: string): Promise<string | null> {
  try {
    return createHash("sha256").update(await Deno.readFile(path)).digest("hex");
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

async function run(cmd: string, args: string[], cwd: string): Promise<string> {
  let out: Deno.CommandOutput;
  try {
    out = await new Deno.Command(cmd, { args, cwd, stdout: "piped", stderr: "piped" }).output();
  } catch (err) {
    throw new Error(`AMP validator: cannot run ${cmd} (${err}); set AMP_VALIDATOR_JS to a local validator_wasm.js`);
  }
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  if (!out.success) throw new Error(`AMP validator: ${cmd} ${args.join(" ")} failed:\n${text(out.stderr)}`);
  return text(out.stdout);
}

/** Path of a verified validator_wasm.js, fetching it from the npm registry on first use. */
export async function validatorJsPath(): Promise<string> {
  const override = Deno.env.get("AMP_VALIDATOR_JS");
  if (override) return override;
  const cached = join(CACHE_DIR, "validator_wasm.js");
  if (await sha256Of(cached) === SHA256) return cached;
  const work = await Deno.makeTempDir({ prefix: "amp-validator-" });
  try {
    const tarball = (await run("npm", ["pack", PACKAGE, "--silent"], work)).trim().split("\n").pop()!;
    await run("tar", ["-xzf", tarball, FILE_IN_PACKAGE], work);
    const extracted = join(work, FILE_IN_PACKAGE);
    const hash = await sha256Of(extracted);
    if (hash !== SHA256) throw new Error(`AMP validator: ${FILE_IN_PACKAGE} of ${PACKAGE} has SHA-256 ${hash}`);
    await Deno.mkdir(CACHE_DIR, { recursive: true });
    // Copy then rename, so a parallel run never reads a half-written file.
    const partial = `${cached}.${Deno.pid}.partial`;
    await Deno.copyFile(extracted, partial);
    await Deno.rename(partial, cached);
    return cached;
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

let instance: Promise<{ validateString(html: string): AmpValidation }> | null = null;

/** Validates an AMP HTML document with the official validator (loaded once per process). */
export async function validateAmp(html: string): Promise<AmpValidation> {
  instance ??= validatorJsPath().then((path) => amphtmlValidator.getInstance(path));
  const result = (await instance).validateString(html);
  return { status: result.status, errors: [...result.errors] };
}

/** One line per problem, for assertion messages. */
export function describeAmpErrors(result: AmpValidation): string {
  return result.errors.map((e) => `${e.severity} ${e.line}:${e.col} ${e.message} (${e.specUrl ?? e.code})`)
    .join("\n");
}
