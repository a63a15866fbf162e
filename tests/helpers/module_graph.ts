/**
 * The shop's own module graph, read with `deno info --json` over every source file: what
 * tests/layers_test.ts checks the layers on, and what scripts/domain_pairs.ts counts.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SOURCE_FOLDERS = [
  "lib",
  "db",
  "domains",
  "flows",
  "seed",
  "routes",
  "components",
  "islands",
  "client",
  "contract",
];
const SOURCE_FILES = ["config.ts", "app.ts", "main.ts"];

export interface Edge {
  from: string;
  to: string;
  /** False for an `import type` (or a type-only re-export): gone at run time. */
  runtime: boolean;
}

async function sourceFiles(): Promise<string[]> {
  const out = [...SOURCE_FILES];
  async function walk(dir: string) {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) {
        if (path !== "db/migrations") await walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) out.push(path);
    }
  }
  for (const dir of SOURCE_FOLDERS) {
    if (await Deno.stat(join(ROOT, dir)).then(() => true, () => false)) await walk(dir);
  }
  return out.sort();
}

/** Every import between the shop's own source files. */
export async function moduleGraph(): Promise<{ files: string[]; edges: Edge[] }> {
  const files = await sourceFiles();
  const dir = await Deno.makeTempDir();
  try {
    const entry = join(dir, "all.ts");
    await Deno.writeTextFile(
      entry,
      files.map((f) => `import ${JSON.stringify(pathToFileURL(join(ROOT, f)).href)};`).join("\n"),
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", "--config", join(ROOT, "deno.json"), entry],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.ok(out.success, new TextDecoder().decode(out.stderr));
    const info = JSON.parse(new TextDecoder().decode(out.stdout)) as {
      modules: {
        specifier: string;
        dependencies?: { code?: { specifier?: string }; type?: { specifier?: string } }[];
      }[];
    };
    const own = (specifier: string | undefined) => {
      if (!specifier?.startsWith("file://")) return null;
      const path = relative(ROOT, fileURLToPath(specifier));
      return path.startsWith("..") ? null : path;
    };
    const edges: Edge[] = [];
    for (const mod of info.modules) {
      const from = own(mod.specifier);
      if (!from) continue;
      for (const dep of mod.dependencies ?? []) {
        const to = own(dep.code?.specifier ?? dep.type?.specifier);
        if (to) edges.push({ from, to, runtime: own(dep.code?.specifier) !== null });
      }
    }
    return { files, edges };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The domain a file belongs to (`domains/<name>/...`), or null outside domains/. */
function domainOf(path: string): string | null {
  const m = /^domains\/([^/]+)\//.exec(path);
  return m ? m[1] : null;
}

/** The distinct "domain -> other domain" import pairs, sorted (how entangled the domains are). */
export function domainPairs(edges: Edge[]): string[] {
  const pairs = new Set<string>();
  for (const e of edges) {
    const from = domainOf(e.from);
    const to = domainOf(e.to);
    if (from && to && from !== to) pairs.add(`${from} -> ${to}`);
  }
  return [...pairs].sort();
}
