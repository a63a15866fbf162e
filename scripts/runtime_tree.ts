/**
 * Assembles the tree a production server runs from, for the container's runtime stage (Dockerfile)
 * and its test (tests/http/container_test.ts): the server's own source folders and built assets
 * (no tests, scripts or fixtures) and a deno.json whose imports name only the npm packages in
 * main.ts's module graph, so `deno install --entrypoint main.ts` there fetches nothing else (no
 * esbuild, Tailwind, Playwright, Lighthouse, drizzle-kit or fast-check).
 *
 *   deno run -A scripts/runtime_tree.ts /app
 *
 * The graph comes from `deno info --json main.ts`, so a new dependency of the server is kept and a
 * new development tool is left out without anyone editing a list.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** What the server reads at run time besides the npm packages. */
const RUNTIME_PATHS = [
  "main.ts",
  "background_jobs.ts",
  "server_thread.ts",
  "app.ts",
  "config.ts",
  "deno.json",
  "deno.lock",
  "db",
  "seed",
  "contract",
  "domains",
  "flows",
  "routes",
  "components",
  "lib",
  "islands",
  "client",
  "static",
];
const LEFT_OUT = [/_test\.tsx?$/, /^domains\/accounts\/test_fixtures\.ts$/, /^static\/build\/.*\.tmp$/];

/** The npm package names (`hono`, `@oslojs/crypto`) that main.ts's module graph loads. */
export async function runtimePackages(root = ROOT): Promise<Set<string>> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", "main.ts"],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`deno info failed: ${new TextDecoder().decode(out.stderr)}`);
  const info = JSON.parse(new TextDecoder().decode(out.stdout)) as { modules: { kind?: string; specifier: string }[] };
  const names = new Set<string>();
  for (const m of info.modules) {
    if (m.kind !== "npm") continue;
    const match = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(m.specifier);
    if (match) names.add(match[1]);
  }
  return names;
}

/** The runtime deno.json: imports of the packages in `used` (and the JSX import sources), no tasks. */
export function runtimeConfig(config: Record<string, any>, used: Set<string>): Record<string, any> {
  const jsx = [config.compilerOptions?.jsxImportSource, config.compilerOptions?.jsxImportSourceTypes];
  const imports: Record<string, string> = {};
  for (const [key, target] of Object.entries(config.imports as Record<string, string>)) {
    const name = /^npm:\/?((?:@[^/@]+\/)?[^/@]+)/.exec(target)?.[1];
    if (name && (used.has(name) || jsx.includes(key.replace(/\/$/, "")))) imports[key] = target;
  }
  const { tasks: _tasks, ...rest } = config;
  return { ...rest, imports };
}

async function copyTree(from: string, to: string, rel: string) {
  const source = join(from, rel);
  const stat = await Deno.stat(source);
  if (stat.isDirectory) {
    await Deno.mkdir(join(to, rel), { recursive: true });
    for await (const entry of Deno.readDir(source)) await copyTree(from, to, join(rel, entry.name));
  } else if (!LEFT_OUT.some((pattern) => pattern.test(rel))) {
    await Deno.copyFile(source, join(to, rel));
  }
}

/** Writes the runtime tree into `target` (created; it must not hold an older tree). */
export async function writeRuntimeTree(target: string, root = ROOT): Promise<void> {
  await Deno.mkdir(target, { recursive: true });
  for (const path of RUNTIME_PATHS) await copyTree(root, target, path);
  const config = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  const runtime = runtimeConfig(config, await runtimePackages(root));
  await Deno.writeTextFile(join(target, "deno.json"), JSON.stringify(runtime, null, 2) + "\n");
}

if (import.meta.main) {
  const target = Deno.args[0];
  if (!target) {
    console.error("usage: deno run -A scripts/runtime_tree.ts TARGET_DIR");
    Deno.exit(2);
  }
  await writeRuntimeTree(target);
  console.log(`runtime tree written to ${target}`);
}
