/**
 * A further server thread of the shop's process (WEB_CONCURRENCY > 1, docs/decisions/0085): a Web
 * Worker main.ts starts once the database is migrated and the browser assets are built. It serves the
 * same app on the same port with its own database pool and caches, which follow `cache_versions` as
 * another instance's would; it stops when the first thread tells it to, after its in-flight requests.
 */
import { startServerThread, type StartThread, type ThreadMessage } from "./main.ts";

/** This module's worker scope (Deno types the global as a window). */
const scope = globalThis as unknown as {
  name: string;
  postMessage(message: ThreadMessage): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close(): void;
};

scope.onmessage = async (event: MessageEvent<StartThread>) => {
  if (event.data?.type !== "start") return;
  try {
    const instance = await startServerThread(Number(scope.name), event.data.testPayments);
    scope.onmessage = async (stop) => {
      if (stop.data !== "stop") return;
      await instance.stop();
      scope.postMessage({ type: "stopped" });
      scope.close();
    };
    scope.postMessage({ type: "ready" });
  } catch (err) {
    scope.postMessage({ type: "failed", message: err instanceof Error ? err.message : String(err) });
  }
};
