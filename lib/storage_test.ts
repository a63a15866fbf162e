/** The local media folder without write permission (Deno Deploy): a clear refusal on upload, no crash. */
import assert from "node:assert/strict";

const configPath = new URL("../deno.json", import.meta.url).pathname;

Deno.test("[storage] without --allow-write, putting a file is a 503 naming the S3 variables; reading still works", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const script = `
      import { localFolderStorage } from ${JSON.stringify(new URL("./storage.ts", import.meta.url).href)};
      const storage = localFolderStorage(${JSON.stringify(dir)});
      console.log(JSON.stringify({ missing: await storage.get("products/none.webp") }));
      try {
        await storage.put("products/a.webp", new Uint8Array([1]), "image/webp");
        console.log(JSON.stringify({ put: "ok" }));
      } catch (err) {
        console.log(JSON.stringify({ name: err.constructor.name, status: err.status, message: err.message }));
      }`;
    // A script file run with `deno run` (`deno eval` always has every permission).
    const file = `${dir}-probe.ts`;
    await Deno.writeTextFile(file, script);
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--no-check", "--no-prompt", "--allow-read", "--allow-env", "--config", configPath, file],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const lines = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
    assert.deepEqual(lines[0], { missing: null });
    assert.equal(lines[1].name, "AppError", JSON.stringify(lines[1]));
    assert.equal(lines[1].status, 503);
    assert.match(lines[1].message, /^File uploads need storage: .*S3_ENDPOINT, S3_BUCKET/);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(`${dir}-probe.ts`).catch(() => {});
  }
});
