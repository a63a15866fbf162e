/**
 * Starts the real shop (main.ts) as a child process on a free port with an in-memory database and
 * the demo catalogue (or the DATABASE_URL / PGLITE_DIR given in `env`), for browser tests,
 * benchmarks, the soak and the crash test. `permissions` replaces `-A` (e.g. Deno Deploy's:
 * --allow-net --allow-env --allow-read --allow-sys).
 */

export interface RunningServer {
  url: string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number>;
  /** SIGKILL, as a crash: nothing is flushed or closed. Resolves once the process is gone. */
  kill(): Promise<void>;
  /** The server's process id (its RSS is in /proc/<pid>/status). */
  pid: number;
  output(): string;
}

/** A port of 127.0.0.1 that nothing listens on: free a moment ago. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** The permissions Deno Deploy grants: no FFI, no writes, no subprocesses. */
export const DEPLOY_PERMISSIONS = ["--allow-net", "--allow-env", "--allow-read", "--allow-sys"];

/**
 * The V8 flags `deno task start` runs the shop with (deno.json is their one source; the Dockerfile's
 * CMD repeats them): the benchmarks and the soak measure the shop as it runs (decision 0052).
 */
export const START_V8_FLAGS: string[] = JSON.parse(
  Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)),
).tasks.start.match(/--v8-flags=\S+/g) ?? [];

/** `readyWithinMs`: how long start-up may take (a PGlite folder's first initdb is slow on a busy machine). */
export async function startServer(
  env: Record<string, string> = {},
  opts: {
    permissions?: string[];
    readyWithinMs?: number;
    /** Another tree's main.ts (the container's runtime tree), run from its folder. */
    main?: string;
  } = {},
): Promise<RunningServer> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const main = opts.main ?? new URL("../../main.ts", import.meta.url).pathname;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...START_V8_FLAGS, ...(opts.permissions ?? ["-A"]), main],
    ...(opts.main ? { cwd: main.replace(/\/[^/]+$/, "") } : {}),
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      PGLITE_DIR: "memory://",
      NODE_ENV: "production",
      // As `deno task start` runs the demo shop.
      TEST_PAYMENTS: "true",
      LOG_REQUESTS: "false",
      SITE_URL: url,
      ...env,
    },
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let log = "";
  const decoder = new TextDecoder();
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) log += decoder.decode(chunk);
  };
  const drained = Promise.all([drain(child.stdout), drain(child.stderr)]);
  const deadline = Date.now() + (opts.readyWithinMs ?? 90_000);
  let exited: number | null = null;
  child.status.then((s) => exited = s.code);
  while (true) {
    if (exited !== null) {
      await drained;
      throw new Error(`server exited with code ${exited} before it was ready:\n${log}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not become ready:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid,
    output: () => log,
    async kill() {
      child.kill("SIGKILL");
      await child.status;
      await drained;
    },
    async stop() {
      child.kill("SIGTERM");
      const status = await child.status;
      await drained;
      return status.code;
    },
  };
}
