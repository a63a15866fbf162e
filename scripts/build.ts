/**
 * Builds the browser assets into static/build/: the island boot script and one chunk per island
 * (esbuild, code-split so React is shared), and the Tailwind stylesheet. Every file name carries a
 * content hash; static/build/manifest.json maps names to URLs for the server.
 *
 * Run: deno task build. main.ts also runs it at start when the manifest is missing.
 */
import * as esbuild from "esbuild";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import type { AssetManifest } from "../lib/assets.ts";

const root = new URL("../", import.meta.url);
const outDir = new URL("static/build/", root);

async function islandEntries(): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for await (const f of Deno.readDir(new URL("islands/", root))) {
    if (f.isFile && /^[A-Z][A-Za-z0-9]*\.tsx$/.test(f.name)) {
      entries[`island-${f.name.replace(/\.tsx$/, "")}`] = new URL(`islands/${f.name}`, root).pathname;
    }
  }
  return entries;
}

async function buildScripts(minify: boolean) {
  const result = await esbuild.build({
    entryPoints: { boot: new URL("client/boot.ts", root).pathname, ...(await islandEntries()) },
    bundle: true,
    splitting: true,
    format: "esm",
    minify,
    sourcemap: minify ? false : "linked",
    jsx: "automatic",
    target: ["es2022"],
    outdir: outDir.pathname,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    define: { "process.env.NODE_ENV": minify ? '"production"' : '"development"' },
    metafile: true,
    absWorkingDir: root.pathname,
    logLevel: "warning",
  });
  const islands: Record<string, string> = {};
  let boot = "";
  const shared = new Set<string>();
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const url = `/static/build/${file.split("/").pop()}`;
    const entry = out.entryPoint ?? "";
    if (!entry) shared.add(url);
    else if (entry.endsWith("client/boot.ts")) boot = url;
    else if (entry.includes("islands/")) {
      islands[entry.split("/").pop()!.replace(/\.tsx$/, "")] = url;
    }
  }
  return { boot, islands, shared: [...shared] };
}

async function buildCss(minify: boolean): Promise<string> {
  const tmp = new URL(`app.${crypto.randomUUID()}.tmp.css`, outDir).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      "npm:@tailwindcss/cli@4.3.3",
      "-i",
      new URL("styles/app.css", root).pathname,
      "-o",
      tmp,
      ...(minify ? ["--minify"] : []),
    ],
    cwd: root.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) throw new Error(`Tailwind build failed: ${new TextDecoder().decode(out.stderr)}`);
  const css = await Deno.readFile(tmp);
  const hash = encodeHexLowerCase(sha256(css)).slice(0, 10).toUpperCase();
  const name = `app-${hash}.css`;
  await Deno.rename(tmp, new URL(name, outDir));
  return `/static/build/${name}`;
}

/** Builds everything and writes the manifest; returns it. */
export async function buildAssets(opts: { minify?: boolean } = {}): Promise<AssetManifest> {
  const minify = opts.minify ?? true;
  // Earlier builds stay: a running server may still serve their hashed files. Only the manifest
  // switches, atomically.
  await Deno.mkdir(outDir, { recursive: true });
  try {
    const [scripts, css] = await Promise.all([buildScripts(minify), buildCss(minify)]);
    const manifest: AssetManifest = { css, ...scripts };
    const tmp = new URL(`manifest.${crypto.randomUUID()}.tmp`, outDir);
    await Deno.writeTextFile(tmp, JSON.stringify(manifest, null, 2));
    await Deno.rename(tmp, new URL("manifest.json", outDir));
    return manifest;
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  const started = performance.now();
  const manifest = await buildAssets({ minify: !Deno.args.includes("--dev") });
  console.log(
    `built ${Object.keys(manifest.islands).length} islands and the stylesheet in ${
      Math.round(performance.now() - started)
    } ms`,
  );
}
