/**
 * The layers, enforced over the real module graph (`deno info --json` of every source file):
 *
 *   lib/, config.ts        the ground floor: nothing of db/, domains/, routes/, components/, islands/
 *   db/                    nothing of domains/, routes/, components/, islands/
 *   domains/               nothing of routes/, components/, islands/ or app.ts
 *   seed/                  (the demo shop, built with the domains) nothing of routes/, components/, islands/
 *   islands/, client/      nothing of routes/ or app.ts (they read the contract in contract/)
 *   contract/              nothing of routes/, components/, islands/ or app.ts
 *   everywhere             no runtime import cycle (type-only imports aside: they vanish at run time)
 *
 * A new import that breaks one of these fails here with the importing file and what it imports.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_FOLDERS = ["lib", "db", "domains", "seed", "routes", "components", "islands", "client", "contract"];
const SOURCE_FILES = ["config.ts", "app.ts", "main.ts"];

interface Edge {
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
async function moduleGraph(): Promise<{ files: string[]; edges: Edge[] }> {
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

const graph = await moduleGraph();

function layer(path: string): string {
  return path.includes("/") ? path.slice(0, path.indexOf("/")) : path;
}

function breaches(from: (l: string) => boolean, forbidden: string[]): string[] {
  return graph.edges
    .filter((e) => from(layer(e.from)) && forbidden.includes(layer(e.to)))
    .map((e) => `${e.from} -> ${e.to}`);
}

Deno.test("layers: lib/ and config.ts are the ground floor", () => {
  assert.deepEqual(
    breaches((l) => l === "lib" || l === "config.ts", ["db", "domains", "routes", "components", "islands", "app.ts"]),
    [],
  );
});

Deno.test("layers: db/ knows no domain and no HTTP", () => {
  assert.deepEqual(breaches((l) => l === "db", ["domains", "routes", "components", "islands", "app.ts"]), []);
});

Deno.test("layers: domains/ know nothing of HTTP, pages or islands", () => {
  assert.deepEqual(breaches((l) => l === "domains", ["routes", "components", "islands", "app.ts", "main.ts"]), []);
});

Deno.test("layers: the seed uses the domains, never the HTTP layer", () => {
  assert.deepEqual(breaches((l) => l === "seed", ["routes", "components", "islands", "app.ts", "main.ts"]), []);
});

Deno.test("layers: islands, client code and the contract import nothing of routes/ or app.ts", () => {
  assert.deepEqual(breaches((l) => ["islands", "client", "contract"].includes(l), ["routes", "app.ts", "main.ts"]), []);
  assert.deepEqual(breaches((l) => l === "contract", ["components", "islands"]), []);
});

/** The runtime import cycles (strongly connected components of more than one file, or a self-import). */
function runtimeCycles(): string[][] {
  const next = new Map<string, string[]>();
  for (const e of graph.edges) {
    if (e.runtime) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (next.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.files) if (!index.has(v)) visit(v);
  return cycles;
}

Deno.test("layers: no runtime import cycle anywhere", () => {
  assert.deepEqual(runtimeCycles(), []);
});

Deno.test("layers: the graph is read (every source file is in it)", () => {
  const seen = new Set(graph.edges.flatMap((e) => [e.from, e.to]));
  assert.ok(graph.files.length > 300, `${graph.files.length} source files`);
  assert.ok(seen.has("app.ts") && seen.has("domains/checkout/payment.ts") && seen.has("islands/CartView.tsx"));
});
