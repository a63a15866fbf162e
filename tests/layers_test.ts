/**
 * The layers, enforced over the real module graph (`deno info --json` of every source file):
 *
 *   lib/, config.ts        the ground floor: nothing of db/, domains/, routes/, components/, islands/
 *   db/                    nothing of domains/, routes/, components/, islands/
 *   domains/               nothing of flows/, routes/, components/, islands/ or app.ts
 *   flows/                 (workflows across domains) domains/ and db/, nothing of routes/, components/, islands/
 *   seed/                  (the demo shop, built with the domains) nothing of routes/, components/, islands/
 *   islands/, client/      nothing of flows/, routes/ or app.ts (they read the contract in contract/)
 *   contract/              nothing of flows/, routes/, components/, islands/ or app.ts
 *   everywhere             no runtime import cycle (type-only imports aside: they vanish at run time)
 *   domains/ -> domains/   at most MAX_DOMAIN_PAIRS importing pairs (scripts/domain_pairs.ts lists them)
 *
 * A new import that breaks one of these fails here with the importing file and what it imports.
 */
import assert from "node:assert/strict";
import { domainPairs, moduleGraph } from "./helpers/module_graph.ts";

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
    breaches(
      (l) => l === "lib" || l === "config.ts",
      ["db", "domains", "flows", "routes", "components", "islands", "app.ts"],
    ),
    [],
  );
});

Deno.test("layers: db/ knows no domain and no HTTP", () => {
  assert.deepEqual(breaches((l) => l === "db", ["domains", "flows", "routes", "components", "islands", "app.ts"]), []);
});

Deno.test("layers: domains/ know nothing of HTTP, pages or islands", () => {
  assert.deepEqual(breaches((l) => l === "domains", ["routes", "components", "islands", "app.ts", "main.ts"]), []);
});

Deno.test("layers: domains/ are below flows/ (a domain never calls a workflow)", () => {
  assert.deepEqual(breaches((l) => l === "domains", ["flows"]), []);
});

Deno.test("layers: flows/ use domains/ and db/, never the HTTP layer", () => {
  assert.deepEqual(breaches((l) => l === "flows", ["routes", "components", "islands", "app.ts", "main.ts"]), []);
});

Deno.test("layers: the seed uses the domains, never the HTTP layer", () => {
  assert.deepEqual(breaches((l) => l === "seed", ["routes", "components", "islands", "app.ts", "main.ts"]), []);
});

Deno.test("layers: islands, client code and the contract import nothing of routes/ or app.ts", () => {
  assert.deepEqual(
    breaches((l) => ["islands", "client", "contract"].includes(l), ["flows", "routes", "app.ts", "main.ts"]),
    [],
  );
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

/**
 * The ceiling on domain -> domain import pairs (77 before issue 29 moved the orchestration to flows/,
 * 56 after the first moves, 49 after the e-mails and the account reads moved, 46 after the order
 * e-mails of checkout and fulfilment moved and mail stopped reading carriers; decision 0084).
 * A domain that needs several others to carry out a use case belongs in flows/; lower this when a
 * pair goes away, never raise it without a decision record.
 */
const MAX_DOMAIN_PAIRS = 46;

Deno.test("layers: domain -> domain import pairs do not grow", () => {
  const pairs = domainPairs(graph.edges);
  assert.ok(
    pairs.length <= MAX_DOMAIN_PAIRS,
    `${pairs.length} domain -> domain import pairs, at most ${MAX_DOMAIN_PAIRS}: put the cross-domain work in flows/\n${
      pairs.join("\n")
    }`,
  );
});

Deno.test("layers: the graph is read (every source file is in it)", () => {
  const seen = new Set(graph.edges.flatMap((e) => [e.from, e.to]));
  assert.ok(graph.files.length > 300, `${graph.files.length} source files`);
  assert.ok(seen.has("app.ts") && seen.has("domains/checkout/payment.ts") && seen.has("islands/CartView.tsx"));
});
