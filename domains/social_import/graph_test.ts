import assert from "node:assert/strict";
import { sampleCatalogue, startFakeGraphApi } from "../../tests/fakes/graph_api.ts";
import { downloadImage, GraphUnavailableError, readCatalogue } from "./graph.ts";
import { InternalHostError } from "../../lib/public_host.ts";

type FakeGraph = ReturnType<typeof startFakeGraphApi>;

/** A test against a fake Graph API serving the sample catalogue, stopped after it whatever happens. */
function graphTest(
  name: string,
  fn: (graph: FakeGraph, base: { base: string; catalogId: string; token: string }) => Promise<void>,
) {
  Deno.test({
    name,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: async () => {
      const graph = startFakeGraphApi({ items: sampleCatalogue });
      try {
        await fn(graph, { base: graph.url, catalogId: graph.catalogId, token: graph.token });
      } finally {
        await graph.stop();
      }
    },
  });
}

graphTest("[meta import] paging stops at the limits and never loops or leaves the Graph host", async (graph, base) => {
  graph.pageSize = 1;
  const bounded = await readCatalogue({ ...base, limits: { maxPages: 3 } });
  assert.deepEqual([bounded.items.length, bounded.pages, bounded.truncated], [3, 3, true]);
  const all = await readCatalogue(base);
  assert.deepEqual([all.items.length, all.pages, all.truncated], [4, 4, false]);
  assert.deepEqual(all.items.map((i) => i.item?.retailer_id), [
    "RB-FB-TERR-6045",
    "RB-FB-UVB-T5",
    "RB-FB-BOWL-M",
    "RB-FB-MYSTERY",
  ]);

  graph.requests.length = 0;
  graph.nextOverride = "https://evil.example/steal";
  const elsewhere = await readCatalogue(base);
  assert.equal(elsewhere.pages, 1, "a next link to another host is not followed (the token rides in it)");

  graph.pageSize = 10;
  graph.nextOverride = `${graph.url}/v18.0/${graph.catalogId}/products?access_token=${graph.token}&after=0`;
  const loop = await readCatalogue(base);
  assert.equal(loop.pages, 2, "a link seen before ends the reading");
});

graphTest("[meta import] a Graph API that does not answer in time is a plain 'try again'", async (graph, base) => {
  graph.delayMs = 500;
  try {
    await assert.rejects(
      readCatalogue({ ...base, limits: { timeoutMs: 50 } }),
      (err) =>
        err instanceof GraphUnavailableError && err.message === "Facebook did not answer in time. Please try again.",
    );
  } finally {
    graph.delayMs = 0;
  }
});

/** Fake DNS and a fake web for image downloads: which URLs were fetched, and what each answers. */
function fakeWeb(pages: Record<string, () => Response>) {
  const fetched: string[] = [];
  const fetchImpl = ((input: URL | string) => {
    const url = String(input);
    fetched.push(url);
    return Promise.resolve(pages[url]?.() ?? new Response("not found", { status: 404 }));
  }) as typeof fetch;
  const records: Record<string, string[]> = {
    "cdn.example.com": ["93.184.216.34"],
    "rebound.example.com": ["10.0.0.5"],
    "both.example.com": ["93.184.216.35", "fd00::5"],
  };
  const resolve = (host: string) => Promise.resolve(records[host] ?? []);
  return { fetched, fetch: fetchImpl, resolve };
}

const redirect = (to: string) => () => new Response(null, { status: 302, headers: { Location: to } });

Deno.test("[meta import] image downloads refuse internal addresses, by name, by literal and after redirects", async () => {
  const web = fakeWeb({
    "https://cdn.example.com/ok.jpg": () => new Response(new Uint8Array([1, 2, 3])),
    "https://cdn.example.com/to-metadata": redirect("https://169.254.169.254/latest/meta-data/"),
    "https://cdn.example.com/to-internal-name": redirect("https://rebound.example.com/x.jpg"),
    "https://cdn.example.com/to-v6-loopback": redirect("https://[::1]/x.jpg"),
    "https://cdn.example.com/hop1": redirect("/hop2"),
    "https://cdn.example.com/hop2": redirect("/hop3"),
    "https://cdn.example.com/hop3": redirect("/hop4"),
    "https://cdn.example.com/hop4": redirect("/ok.jpg"),
  });
  const options = { fetch: web.fetch, resolve: web.resolve, maxBytes: 1000 };
  assert.deepEqual(await downloadImage("https://cdn.example.com/ok.jpg", options), new Uint8Array([1, 2, 3]));
  for (
    const src of [
      "https://127.0.0.1/x.jpg",
      "https://[::ffff:7f00:1]/x.jpg",
      "https://rebound.example.com/x.jpg",
      "https://both.example.com/x.jpg",
      "https://unknown.example.com/x.jpg",
      "https://localhost/x.jpg",
    ]
  ) {
    web.fetched.length = 0;
    await assert.rejects(downloadImage(src, options), InternalHostError, src);
    assert.deepEqual(web.fetched, [], `${src} is never fetched`);
  }
  for (const hop of ["to-metadata", "to-internal-name", "to-v6-loopback"]) {
    web.fetched.length = 0;
    await assert.rejects(downloadImage(`https://cdn.example.com/${hop}`, options), InternalHostError, hop);
    assert.deepEqual(web.fetched, [`https://cdn.example.com/${hop}`], "the internal hop is never fetched");
  }
  web.fetched.length = 0;
  await assert.rejects(downloadImage("https://cdn.example.com/hop1", options), /too many redirects/);
  assert.equal(web.fetched.length, 4, "redirects are bounded");
});
