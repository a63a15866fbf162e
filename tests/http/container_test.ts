/**
 * The container's runtime stage without a container engine: the tree the Dockerfile assembles
 * (scripts/runtime_tree.ts), its packages installed into an empty Deno cache as the Dockerfile does,
 * then the server started with the Dockerfile's own CMD (--cached-only, Deploy's permissions plus
 * writes to the data folder): it must start from what the image holds, answer the healthcheck,
 * serve pages and sign a customer in. On PostgreSQL with TEST_DATABASE_URL, else on an embedded
 * database in the data folder (the image's default).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runtimeConfig, runtimePackages, writeRuntimeTree } from "../../scripts/runtime_tree.ts";
import { type RunningServer, START_V8_FLAGS, startServer } from "../helpers/server.ts";
import { usingPostgres, withScratchDatabase } from "../helpers/scratch_db.ts";
import { demoAccounts } from "../../seed/demo.ts";

const options = { sanitizeOps: false, sanitizeResources: false };
const ROOT = new URL("../../", import.meta.url).pathname;
const DEV_TOOLS = [
  "esbuild",
  "@tailwindcss/cli",
  "playwright-core",
  "lighthouse",
  "drizzle-kit",
  "fast-check",
  "axe-core",
];

/** The Dockerfile's CMD as arguments (its exec form). */
async function dockerCmd(): Promise<string[]> {
  const dockerfile = await Deno.readTextFile(join(ROOT, "Dockerfile"));
  const line = dockerfile.split("\n").filter((l) => l.startsWith("CMD ")).at(-1);
  assert.ok(line, "the Dockerfile has a CMD");
  return JSON.parse(line.slice(4));
}

async function run(cmd: string[], cwd: string, env: Record<string, string>) {
  const out = await new Deno.Command(Deno.execPath(), { args: cmd, cwd, env, stdout: "piped", stderr: "piped" })
    .output();
  assert.ok(out.success, `deno ${cmd.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
}

Deno.test("[container] the runtime deno.json names the server's packages and none of the build and test tools", async () => {
  const config = JSON.parse(await Deno.readTextFile(join(ROOT, "deno.json")));
  const runtime = runtimeConfig(config, await runtimePackages());
  const kept = Object.keys(runtime.imports);
  for (
    const name of ["hono", "react", "react-dom", "drizzle-orm", "postgres", "@electric-sql/pglite", "stripe", "zod"]
  ) {
    assert.ok(kept.includes(name), `${name} kept`);
  }
  for (const name of DEV_TOOLS) assert.ok(!kept.includes(name), `${name} left out`);
  assert.equal(runtime.tasks, undefined);
  assert.deepEqual(runtime.compilerOptions, config.compilerOptions);
});

Deno.test({
  name:
    "[container] the image's tree starts --cached-only with the Dockerfile's CMD, answers /healthz, serves and signs in",
  ...options,
  fn: async () => {
    const tmp = await Deno.makeTempDir({ prefix: "shop-image-" });
    try {
      const app = join(tmp, "app");
      const denoDir = join(tmp, "deno-runtime");
      const manifest = join(ROOT, "static/build/manifest.json");
      if (!(await Deno.stat(manifest).catch(() => null))) await run(["task", "build"], ROOT, {});
      await writeRuntimeTree(app);
      for (const f of ["tests", "scripts", "domains/accounts/test_fixtures.ts"]) {
        assert.equal(await Deno.stat(join(app, f)).catch(() => null), null, `${f} is not in the image`);
      }
      const testFiles = new Deno.Command("find", { args: [app, "-name", "*_test.ts*"], stdout: "piped" }).outputSync();
      assert.equal(new TextDecoder().decode(testFiles.stdout), "", "no test files in the image");
      await run(["install", "--entrypoint", "main.ts"], app, { DENO_DIR: denoDir });
      const installed = [...Deno.readDirSync(join(app, "node_modules/.deno"))].map((e) => e.name);
      for (const tool of DEV_TOOLS) {
        const dir = tool.replace("/", "+");
        assert.ok(!installed.some((n) => n.startsWith(`${dir}@`)), `${tool} is not installed in the image`);
      }

      const [deno, subcommand, ...flags] = await dockerCmd();
      assert.deepEqual([deno, subcommand, flags.at(-1)], ["deno", "run", "main.ts"]);
      assert.ok(flags.includes("--cached-only"));
      const v8Flags = flags.filter((f) => f.startsWith("--v8-flags="));
      assert.deepEqual(v8Flags, START_V8_FLAGS, "the image runs with `deno task start`'s V8 flags");
      // startServer adds the V8 flags itself.
      const permissions = flags.slice(0, -1).filter((f) => !v8Flags.includes(f))
        .map((f) => f.replaceAll("/app/", `${app}/`));
      const data = join(app, "data");
      await Deno.mkdir(join(data, "media"), { recursive: true });
      const start = (env: Record<string, string>) =>
        startServer(
          { DENO_DIR: denoDir, PGLITE_DIR: join(data, "pglite"), MEDIA_DIR: join(data, "media"), ...env },
          { permissions, main: join(app, "main.ts"), readyWithinMs: 180_000 },
        );
      const check = async (server: RunningServer) => {
        try {
          assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
          const home = await fetch(server.url + "/");
          assert.equal(home.status, 200);
          const css = (await home.text()).match(/\/static\/build\/app-[^"]+\.css/)?.[0];
          assert.ok(css, "the page links the built stylesheet");
          assert.equal((await fetch(server.url + css)).status, 200);
          const customer = demoAccounts.find((a) => a.role === "customer")!;
          const login = await fetch(`${server.url}/api/auth/login`, {
            method: "POST",
            headers: { "Content-Type": "application/json", Origin: server.url },
            body: JSON.stringify({ username: customer.username, password: customer.password }),
          });
          assert.equal(login.status, 200, await login.clone().text());
          await login.body?.cancel();
          assert.doesNotMatch(
            server.output(),
            /building browser assets|NotCapable|Requires (write|ffi|run|net) access/,
          );
        } finally {
          assert.equal(await server.stop(), 0, server.output());
        }
      };
      if (usingPostgres) {
        await withScratchDatabase("image", async (url) => check(await start({ DATABASE_URL: url })));
      } else {
        await check(await start({}));
      }
    } finally {
      await Deno.remove(tmp, { recursive: true });
    }
  },
});
