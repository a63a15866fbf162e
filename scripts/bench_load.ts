/**
 * What the load benchmarks share (scripts/bench.ts, scripts/bench_large.ts, scripts/bench_checkout.ts):
 * their command-line numbers, one load run with wrk when installed (else autocannon), the reference
 * SSR server, and a demo customer's sign-in.
 */
import autocannon from "autocannon";
import { demoAccounts } from "../seed/demo.ts";

/** A numeric `--name value` argument, or the fallback. */
export function arg(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Whether a file exists. */
export async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

const wrkPath = (await exists("/usr/bin/wrk")) ? "/usr/bin/wrk" : null;

/** The load tool's name, for the report's heading. */
export const loadTool = wrkPath ? "wrk" : "autocannon";

function ms(text: string): number {
  const m = text.match(/([\d.]+)(us|ms|s)/);
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

/**
 * A wrk script giving every request its own `r=` query parameter, so no page cache answers it (the
 * shop ignores parameters it does not know).
 */
const UNIQUE_REQUESTS_LUA = `
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("id", threads)
end
function init(args)
  n = 0
end
function request()
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "r=" .. id .. "-" .. n)
end
`;

/**
 * Loads `url` for `duration` seconds over `connections` connections; answers req/s, p50, p99 (ms),
 * errors. `unique` adds a distinct `r=` parameter to each request (see UNIQUE_REQUESTS_LUA).
 */
export async function load(
  url: string,
  opts: { connections: number; duration: number; headers?: Record<string, string>; unique?: boolean },
): Promise<Figures> {
  const { connections, duration, headers = {} } = opts;
  if (wrkPath) {
    const args = ["-t2", `-c${connections}`, `-d${duration}s`, "--latency"];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
    if (opts.unique) {
      const script = await Deno.makeTempFile({ suffix: ".lua" });
      await Deno.writeTextFile(script, UNIQUE_REQUESTS_LUA);
      args.push("-s", script);
    }
    const out = await new Deno.Command(wrkPath, { args: [...args, url], stdout: "piped", stderr: "piped" }).output();
    const text = new TextDecoder().decode(out.stdout);
    const line = (re: RegExp) => text.match(re)?.[1] ?? "";
    const non2xx = Number(line(/Non-2xx or 3xx responses: (\d+)/) || 0);
    const sock = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
    return {
      rps: Number(line(/Requests\/sec:\s+([\d.]+)/)),
      p50: ms(line(/\s50%\s+(\S+)/)),
      p99: ms(line(/\s99%\s+(\S+)/)),
      errors: non2xx + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    };
  }
  let n = 0;
  const unique = (req: { path: string }) => ({
    ...req,
    path: `${req.path}${req.path.includes("?") ? "&" : "?"}r=${++n}`,
  });
  return await new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration,
        pipelining: 1,
        headers,
        ...(opts.unique ? { requests: [{ setupRequest: unique }] } : {}),
      },
      (
        err: Error | null,
        r: { requests: { average: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number },
      ) => {
        if (err) reject(err);
        else resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors });
      },
    );
  });
}

/** Signs a demo customer in and answers the session cookie. */
export async function signIn(base: string): Promise<string> {
  const customer = demoAccounts.find((a) => a.role === "customer")!;
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base },
    body: JSON.stringify({ username: customer.username, password: customer.password }),
  });
  await res.body?.cancel();
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error(`demo sign-in failed: ${res.status}`);
  return cookie;
}

/**
 * The reference SSR server's folder (a minimal Hono + React renderToString page): BENCH_REFERENCE,
 * else ../shared/bench/ref-ssr from the repository's parent folders; null without it.
 */
export async function referenceDir(): Promise<string | null> {
  const given = Deno.env.get("BENCH_REFERENCE");
  if (given) return given;
  let dir = Deno.cwd();
  for (let i = 0; i < 4; i++) {
    if (await exists(`${dir}/../shared/bench/ref-ssr/serve.tsx`)) return `${dir}/../shared/bench/ref-ssr`;
    dir = `${dir}/..`;
  }
  return null;
}

/** Starts the reference server on a free loopback port. */
export async function startReference(dir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "serve.tsx", "ssr", String(port)],
    cwd: dir,
    env: { NODE_ENV: "production" },
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(url);
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
    },
  };
}
