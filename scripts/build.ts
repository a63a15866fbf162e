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
  const grouped = Object.values(ISLAND_GROUPS).flat();
  for (const group of Object.keys(ISLAND_GROUPS)) entries[`islands-${group}`] = GROUP_PREFIX + group;
  for await (const f of Deno.readDir(new URL("islands/", root))) {
    const name = f.name.replace(/\.tsx$/, "");
    if (
      f.isFile && /^[A-Z][A-Za-z0-9]*\.tsx$/.test(f.name) && !BOOT_ISLANDS.includes(name) && !grouped.includes(name)
    ) {
      entries[`island-${name}`] = new URL(`islands/${f.name}`, root).pathname;
    }
  }
  return entries;
}

/**
 * What every page's islands share lives in the boot script and nowhere else: React, its JSX runtime
 * and the client modules that hold state (the toast queue, the cart) or that nearly every island
 * calls. The boot script re-exports them and island chunks import them from it, so a page fetches
 * them once, in one file, and every island gets the same React and the same toast queue. Built in one
 * piece they also compress better than the few-hundred-byte chunks esbuild's splitting made of them
 * (decision 0048).
 */
const BOOT_SHARED = [
  "react",
  "react/jsx-runtime",
  "./client/api.ts",
  "./client/toast.ts",
  "./client/cart.ts",
  "./lib/money.ts",
  "./components/catalog/ProductImage.tsx",
  "./components/catalog/Badges.tsx",
  "./components/catalog/PriceTag.tsx",
];

/**
 * Islands every storefront page renders (the header's search, the toasts): built into the boot script
 * itself rather than fetched as chunks of their own. Their manifest entry is the boot script's URL.
 */
export const BOOT_ISLANDS = ["SearchBox", "Toaster"];

/**
 * Islands that only ever appear together, on one page: one chunk for the group (fewer requests, and
 * one file compresses better than several small ones). The manifest names the group's chunk for each.
 */
export const ISLAND_GROUPS: Record<string, string[]> = {
  ProductPage: ["ProductGallery", "BuyBox", "WishlistButton", "ViewTracker"],
  PaymentStep: ["CheckoutPayment", "RewardCodeForm"],
};

/** Browser-side source folders, scanned for what they import from the shared modules. */
const BROWSER_SOURCES = ["islands", "components", "client", "lib", "domains"];

/**
 * The names the islands import from each shared module, read off their import statements (a name
 * missed here fails the island build loudly: esbuild finds no such export in the boot script). Only
 * these are re-exported, so the boot script carries no unused code of its own modules.
 */
async function namesImported(): Promise<Map<string, Set<string>>> {
  const used = new Map(BOOT_SHARED.map((spec) => [sharedKey(spec), new Set<string>()]));
  const statement = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)"/g;
  const walk = async (dir: URL): Promise<void> => {
    for await (const f of Deno.readDir(dir)) {
      const url = new URL(f.name + (f.isDirectory ? "/" : ""), dir);
      if (f.isDirectory) await walk(url);
      else if (/\.tsx?$/.test(f.name) && !/_test\.tsx?$/.test(f.name)) {
        for (const [, typeOnly, names, spec] of (await Deno.readTextFile(url)).matchAll(statement)) {
          const set = used.get(sharedKey(spec, url));
          if (!set || typeOnly) continue;
          for (const name of names.split(",").map((n) => n.trim())) {
            if (name && !name.startsWith("type ")) set.add(name.split(/\s+as\s+/)[0]);
          }
        }
      }
    }
  };
  for (const dir of BROWSER_SOURCES) await walk(new URL(`${dir}/`, root));
  // The automatic JSX runtime's imports are written by esbuild, not by hand.
  for (const name of ["jsx", "jsxs", "Fragment"]) used.get("react/jsx-runtime")!.add(name);
  return used;
}

/** A module's key: the bare name of a package, or the path of a file of ours (relative to `base`). */
function sharedKey(spec: string, base: URL | string = root): string {
  return spec.startsWith(".") ? new URL(spec, base).pathname : spec;
}

/**
 * The boot script's entry: the names islands use from the shared modules, re-exported flat, and
 * client/boot.ts started with the islands built in. Two modules exporting one name with different
 * values would make an import ambiguous, so that stops the build.
 */
async function bootEntry(): Promise<string> {
  const used = await namesImported();
  const names = new Map<string, { from: string; value: unknown }>();
  const lines: string[] = [];
  for (const spec of BOOT_SHARED) {
    const mod = await import(spec.startsWith(".") ? new URL(spec, root).href : spec);
    const own: string[] = [];
    for (const name of used.get(sharedKey(spec))!) {
      if (!(name in mod)) throw new Error(`boot script: ${spec} has no export ${name}`);
      const seen = names.get(name);
      if (seen && seen.value !== mod[name]) {
        throw new Error(`boot script: ${spec} and ${seen.from} both export ${name}; rename one`);
      }
      if (!seen) own.push(name), names.set(name, { from: spec, value: mod[name] });
    }
    if (own.length) lines.push(`export { ${own.sort().join(", ")} } from ${JSON.stringify(spec)};`);
  }
  // Last, so every re-exported module has run before start() imports the first island.
  lines.push(`import { start } from "./client/boot.ts";`);
  for (const name of BOOT_ISLANDS) lines.push(`import ${name} from "./islands/${name}.tsx";`);
  lines.push(`start({ ${BOOT_ISLANDS.join(", ")} });`);
  return lines.join("\n");
}

/** The entry point naming a group of islands (ISLAND_GROUPS), resolved by the islandGroups plugin. */
const GROUP_PREFIX = "island-group:";

/** A group's entry: each of its islands as a named export. */
const islandGroups: esbuild.Plugin = {
  name: "island-groups",
  setup(build) {
    build.onResolve({ filter: /^island-group:/ }, (args) => ({
      path: args.path.slice(GROUP_PREFIX.length),
      namespace: "island-group",
    }));
    build.onLoad({ filter: /.*/, namespace: "island-group" }, (args) => ({
      contents: ISLAND_GROUPS[args.path].map((n) => `export { default as ${n} } from "./islands/${n}.tsx";`).join("\n"),
      resolveDir: root.pathname,
      loader: "ts",
    }));
  },
};

/** Imports of a shared module from an island become imports of the boot script (external). */
function importSharedFromBoot(bootFile: string): esbuild.Plugin {
  const shared = new Set(BOOT_SHARED.map((spec) => sharedKey(spec)));
  return {
    name: "shared-from-boot",
    setup(build) {
      build.onResolve({ filter: /^react(\/jsx-runtime)?$|\.tsx?$/ }, (args) => {
        return shared.has(sharedKey(args.path, `file://${args.resolveDir}/`))
          ? { path: `./${bootFile}`, external: true }
          : undefined;
      });
    },
  };
}

/**
 * Bundles the boot script and the islands into `dir` (static/build/ by default) and returns their
 * URLs, the static import graph and esbuild's metafiles (which input went into which output: the
 * JavaScript budget test reads them). Two passes: the boot script whole, then the islands, code-split
 * among themselves, importing what they share with every page from the boot script. The caller
 * stops esbuild.
 */
export async function buildScripts(minify: boolean, dir: URL = outDir) {
  const common = {
    bundle: true,
    format: "esm",
    minify,
    sourcemap: minify ? false : "linked",
    jsx: "automatic",
    target: ["es2022"],
    outdir: dir.pathname,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    define: { "process.env.NODE_ENV": minify ? '"production"' : '"development"' },
    metafile: true as const,
    // The licence notices go to a linked .LEGAL.txt beside each file, not into every page's download.
    legalComments: "linked",
    absWorkingDir: root.pathname,
    logLevel: "warning",
  } satisfies esbuild.BuildOptions;
  const bootBuild = await esbuild.build({
    ...common,
    stdin: { contents: await bootEntry(), resolveDir: root.pathname, sourcefile: "boot-entry.ts", loader: "ts" },
    entryNames: "boot-[hash]",
  });
  const bootOutput = Object.keys(bootBuild.metafile.outputs).find((f) => f.endsWith(".js"))!;
  const bootFile = bootOutput.split("/").pop()!;
  const islandBuild = await esbuild.build({
    ...common,
    entryPoints: await islandEntries(),
    splitting: true,
    plugins: [islandGroups, importSharedFromBoot(bootFile)],
  });
  const islands: Record<string, string> = {};
  const imports: Record<string, string[]> = {};
  const urlOf = (file: string) => `/static/build/${file.split("/").pop()}`;
  const boot = urlOf(bootOutput);
  imports[boot] = [];
  for (const name of BOOT_ISLANDS) islands[name] = boot;
  for (const [file, out] of Object.entries(islandBuild.metafile.outputs)) {
    if (!file.endsWith(".js")) continue;
    const url = urlOf(file);
    // Static imports only: boot's dynamic import() of each island is what the page chooses.
    imports[url] = out.imports.filter((i) => i.kind === "import-statement").map((i) => urlOf(i.path));
    const entry = out.entryPoint ?? "";
    if (entry.includes("islands/")) islands[entry.split("/").pop()!.replace(/\.tsx$/, "")] = url;
    if (entry.startsWith(GROUP_PREFIX)) {
      for (const name of ISLAND_GROUPS[entry.slice(GROUP_PREFIX.length)]) islands[name] = url;
    }
  }
  const metafile: esbuild.Metafile = {
    inputs: { ...bootBuild.metafile.inputs, ...islandBuild.metafile.inputs },
    outputs: { ...bootBuild.metafile.outputs, ...islandBuild.metafile.outputs },
  };
  return { boot, islands, imports, metafile };
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
