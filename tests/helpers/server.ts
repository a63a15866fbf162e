/**
 * Starts the real shop (main.ts) as a child process on a free port with an in-memory database and
 * the demo catalogue, for browser tests and benchmarks.
 */

export interface RunningServer {
  url: string;
  /** Sends SIGTERM and resolves with the exit code once the process has ended. */
  stop(): Promise<number>;
  output(): string;
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname],
    env: {
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      PGLITE_DIR: "memory://",
      NODE_ENV: "production",
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
  const deadline = Date.now() + 90_000;
  while (true) {
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
    output: () => log,
    async stop() {
      child.kill("SIGTERM");
      const status = await child.status;
      await drained;
      return status.code;
    },
  };
}
