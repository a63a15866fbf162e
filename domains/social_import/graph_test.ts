import assert from "node:assert/strict";
import { sampleCatalogue, startFakeGraphApi } from "../../tests/fakes/graph_api.ts";
import { GraphUnavailableError, readCatalogue } from "./graph.ts";

const sanitizers = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "[meta import] paging stops at the limits and never loops or leaves the Graph host",
  ...sanitizers,
  fn: async () => {
    const graph = startFakeGraphApi({ items: sampleCatalogue });
    try {
      const base = { base: graph.url, catalogId: graph.catalogId, token: graph.token };
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
    } finally {
      await graph.stop();
    }
  },
});

Deno.test({
  name: "[meta import] a Graph API that does not answer in time is a plain 'try again'",
  ...sanitizers,
  fn: async () => {
    const graph = startFakeGraphApi({ items: sampleCatalogue });
    try {
      graph.delayMs = 500;
      await assert.rejects(
        readCatalogue({
          base: graph.url,
          catalogId: graph.catalogId,
          token: graph.token,
          limits: { timeoutMs: 50 },
        }),
        (err) =>
          err instanceof GraphUnavailableError && err.message === "Facebook did not answer in time. Please try again.",
      );
    } finally {
      graph.delayMs = 0;
      await graph.stop();
    }
  },
});
