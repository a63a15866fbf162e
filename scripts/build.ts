/**
 * Builds the browser assets into static/build/: the island boot script and one chunk per island
 * (esbuild, code-split so React is shared), and the Tailwind stylesheet. Every file name carries a
 * content hash; static/build/manifest.json maps names to URLs for the server.
 *
 * Every JS, CSS and SVG file under static/ also gets a brotli (.br) and a gzip (.gz) copy beside it,
 * compressed once here at the highest levels, which routes/static.ts serves by Accept-Encoding.
 *
 * Run: deno task build. main.ts also runs it at start when the manifest is missing.
 */
import * as esbuild from "esbuild";
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { sha256 } from "@oslojs/crypto/sha2";
import { type AssetManifest, assetsStale, readManifest } from "../lib/assets.ts";

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

/**
 * Bundles the boot script and the islands into `dir` (static/build/ by default) and returns their
 * URLs, the static import graph and esbuild's metafile (which input went into which output: the
 * JavaScript budget test reads it). The caller stops esbuild.
 */
export async function buildScripts(minify: boolean, dir: URL = outDir) {
  const result = await esbuild.build({
    entryPoints: { boot: new URL("client/boot.ts", root).pathname, ...(await islandEntries()) },
    bundle: true,
    splitting: true,
    format: "esm",
    minify,
    sourcemap: minify ? false : "linked",
    jsx: "automatic",
    target: ["es2022"],
    outdir: dir.pathname,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    define: { "process.env.NODE_ENV": minify ? '"production"' : '"development"' },
    metafile: true,
    // The licence notices go to a linked .LEGAL.txt beside each file, not into every page's download.
    legalComments: "linked",
    absWorkingDir: root.pathname,
    logLevel: "warning",
  });
  const islands: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  let boot = "";
  const urlOf = (file: string) => `/static/build/${file.split("/").pop()}`;
  for (const [file, out] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const url = urlOf(file);
    // Static imports only: boot's dynamic import() of each island is what the page chooses.
    imports[url] = out.imports.filter((i) => i.kind === "import-statement").map((i) => urlOf(i.path));
    const entry = out.entryPoint ?? "";
    if (entry.endsWith("client/boot.ts")) boot = url;
    else if (entry.includes("islands/")) {
      islands[entry.split("/").pop()!.replace(/\.tsx$/, "")] = url;
    }
  }
  return { boot, islands, imports, metafile: result.metafile };
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

/** The file types served compressed (text); images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg)$/;

/**
 * Writes name.br and name.gz beside every compressible file under static/ whose copies are missing or
 * older than it. Hashed build files never change, so a rebuild only compresses the new ones.
 */
export async function precompress(dir: URL = new URL("static/", root)): Promise<number> {
  let written = 0;
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
    if (entry.isDirectory) {
      written += await precompress(url);
      continue;
    }
    if (!entry.isFile || !COMPRESSIBLE.test(entry.name)) continue;
    const source = (await Deno.stat(url)).mtime?.getTime() ?? 0;
    const fresh = async (suffix: string) => {
      try {
        return ((await Deno.stat(new URL(url.href + suffix))).mtime?.getTime() ?? 0) >= source;
      } catch {
        return false;
      }
    };
    if (await fresh(".br") && await fresh(".gz")) continue;
    const body = await Deno.readFile(url);
    const br = brotliCompressSync(body, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // Written under temporary names and renamed: a server never reads half a file.
    for (const [suffix, data] of [[".br", br], [".gz", gz]] as const) {
      const tmp = new URL(`${url.href}.${crypto.randomUUID()}.tmp`);
      await Deno.writeFile(tmp, data);
      await Deno.rename(tmp, new URL(url.href + suffix));
    }
    written++;
  }
  return written;
}

/** Builds everything and writes the manifest; returns it. */
export async function buildAssets(opts: { minify?: boolean } = {}): Promise<AssetManifest> {
  const minify = opts.minify ?? true;
  // Earlier builds stay: a running server may still serve their hashed files. Only the manifest
  // switches, atomically.
  await Deno.mkdir(outDir, { recursive: true });
  try {
    const [{ boot, islands, imports }, css] = await Promise.all([buildScripts(minify), buildCss(minify)]);
    const manifest: AssetManifest = { css, boot, islands, imports };
    // Before the manifest switches: a page naming a new file can always get its compressed copy.
    await precompress();
    const tmp = new URL(`manifest.${crypto.randomUUID()}.tmp`, outDir);
    await Deno.writeTextFile(tmp, JSON.stringify(manifest, null, 2));
    await Deno.rename(tmp, new URL("manifest.json", outDir));
    return manifest;
  } finally {
    await esbuild.stop();
  }
}

if (import.meta.main) {
  // --if-stale (`deno task start`): nothing to do when the manifest is newer than every source file.
  if (Deno.args.includes("--if-stale") && await readManifest() && !await assetsStale()) Deno.exit(0);
  const started = performance.now();
  const manifest = await buildAssets({ minify: !Deno.args.includes("--dev") });
  console.log(
    `built ${Object.keys(manifest.islands).length} islands and the stylesheet in ${
      Math.round(performance.now() - started)
    } ms`,
  );
}
