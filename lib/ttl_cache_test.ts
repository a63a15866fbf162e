import assert from "node:assert/strict";
import { ttlCache } from "./ttl_cache.ts";

Deno.test("[cache] a value is loaded once within its time, again after it, and after clear()", async () => {
  let t = 0;
  let loads = 0;
  const cache = ttlCache(1000, () => Promise.resolve(++loads), () => t);
  assert.deepEqual(await Promise.all([cache.get(), cache.get()]), [1, 1]);
  t = 999;
  assert.equal(await cache.get(), 1);
  t = 1001;
  assert.equal(await cache.get(), 2);
  cache.clear();
  assert.equal(await cache.get(), 3);
});

Deno.test("[cache] a failed load is not kept", async () => {
  let fail = true;
  const cache = ttlCache(1000, () => fail ? Promise.reject(new Error("db down")) : Promise.resolve("ok"));
  await assert.rejects(cache.get());
  fail = false;
  assert.equal(await cache.get(), "ok");
});
