/**
 * Creates a PGlite database in a folder (initdb), in a worker of its own: initdb grows PGlite's
 * WebAssembly memory to about 650 MB, which never shrinks while its isolate lives, and the folder
 * opened afterwards starts at about 250 MB. Ending the worker gives all of it back (decision 0053).
 */
import { PGlite } from "@electric-sql/pglite";

self.onmessage = async (event: MessageEvent<{ dir: string }>) => {
  try {
    const client = await PGlite.create(event.data.dir);
    await client.close();
    self.postMessage({ ok: true });
  } catch (err) {
    self.postMessage({ ok: false, message: err instanceof Error ? err.message : String(err) });
  }
};
