/** The build manifest: hashed URLs of the stylesheet, the island boot script and each island chunk. */
export interface AssetManifest {
  css: string;
  boot: string;
  islands: Record<string, string>;
  /**
   * The static imports of each built script, by URL (from esbuild's metafile): the chunks a page must
   * fetch for its islands. A page preloads only these for the islands it renders (decision 0038).
   */
  imports: Record<string, string[]>;
}

/**
 * Every script a page with these islands loads, boot first: the boot script, each island's chunk, and
 * all they import statically, once each. The islands' own chunks come from boot's dynamic import().
 */
export function scriptsFor(assets: AssetManifest, islands: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    for (const dep of assets.imports?.[url] ?? []) visit(dep);
  };
  visit(assets.boot);
  for (const name of islands) if (assets.islands[name]) visit(assets.islands[name]);
  return [...seen];
}

export const manifestPath = new URL("../static/build/manifest.json", import.meta.url);

/** Reads the manifest written by scripts/build.ts, or null when the build has not run. */
export async function readManifest(): Promise<AssetManifest | null> {
  try {
    return JSON.parse(await Deno.readTextFile(manifestPath)) as AssetManifest;
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return null;
    throw err;
  }
}

const sourceDirs = ["islands", "client", "components", "lib", "styles"];

/**
 * True when a browser-side source file (islands, client, components, lib, styles) changed after
 * the manifest was written, so the built assets no longer match the code.
 */
export async function assetsStale(): Promise<boolean> {
  let built: number;
  try {
    built = (await Deno.stat(manifestPath)).mtime?.getTime() ?? 0;
  } catch {
    return true;
  }
  const root = new URL("../", import.meta.url);
  async function newer(dir: URL): Promise<boolean> {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory ? await newer(url) : ((await Deno.stat(url)).mtime?.getTime() ?? 0) > built) return true;
    }
    return false;
  }
  for (const dir of sourceDirs) {
    try {
      if (await newer(new URL(`${dir}/`, root))) return true;
    } catch (err) {
      if (!(err instanceof Deno.errors.NotFound)) throw err;
    }
  }
  return false;
}
