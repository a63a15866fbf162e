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
  /** Requests completed (wrk's count; absent from autocannon's runs). */
  sent?: number;
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
 * A wrk script sending each path of a file once (argument 2), the threads taking turns through the
 * list (argument 1: how many threads). A thread that runs out stops; wrk itself still waits out its
 * duration, so the script prints when the last thread ran out ("List sent in N s") for the rate.
 */
const EACH_PATH_ONCE_LUA = `
local threads = {}
local started
local function now()
  local clock = io.popen("date +%s.%N")
  local t = tonumber(clock:read("*l"))
  clock:close()
  return t
end
function setup(thread)
  started = started or now()
  threads[#threads + 1] = thread
  thread:set("first", #threads)
end
function init(args)
  step = tonumber(args[1])
  paths = {}
  for line in io.lines(args[2]) do paths[#paths + 1] = line end
  next_at = first
end
function request()
  if next_at > #paths then
    if not ended_at then
      ended_at = now()
      wrk.thread:stop()
    end
    return wrk.format(nil, paths[#paths])
  end
  local path = paths[next_at]
  next_at = next_at + step
  return wrk.format(nil, path)
end
function done(summary, latency, requests)
  local last = 0
  for _, thread in ipairs(threads) do
    local ended = thread:get("ended_at")
    if not ended then return end
    last = math.max(last, ended)
  end
  io.write(string.format("List sent in %.3f s\\n", last - started))
end
`;

/** Runs wrk (2 threads) with these arguments and reads its req/s, p50, p99 and errors. */
async function wrkRun(wrk: string, args: string[], url: string, scriptArgs: string[] = []): Promise<Figures> {
  const out = await new Deno.Command(wrk, {
    args: ["-t2", "--latency", ...args, url, ...(scriptArgs.length ? ["--", ...scriptArgs] : [])],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  const line = (re: RegExp) => text.match(re)?.[1] ?? "";
  const non2xx = Number(line(/Non-2xx or 3xx responses: (\d+)/) || 0);
  const sock = text.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  const sent = Number(line(/(\d+) requests in/));
  // An each-path-once run that ran out of paths early: its rate over the time it took.
  const listSeconds = Number(line(/List sent in ([\d.]+) s/));
  return {
    rps: listSeconds > 0 ? sent / listSeconds : Number(line(/Requests\/sec:\s+([\d.]+)/)),
    p50: ms(line(/\s50%\s+(\S+)/)),
    p99: ms(line(/\s99%\s+(\S+)/)),
    errors: non2xx + (sock ? sock.slice(1).reduce((a, b) => a + Number(b), 0) : 0),
    sent,
  };
}

function headerArgs(headers: Record<string, string>): string[] {
  return Object.entries(headers).flatMap(([k, v]) => ["-H", `${k}: ${v}`]);
}

async function luaFile(source: string): Promise<string> {
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(script, source);
  return script;
}

/**
 * Each of `paths` once, in the order given, over `connections` connections with wrk, for at most
 * `duration` seconds (the same load tool as the reference's ceiling, so the two are comparable).
 * Null when wrk is not installed.
 */
export async function loadEachPathOnce(
  base: string,
  paths: string[],
  opts: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<Figures | null> {
  if (!wrkPath) return null;
  const list = await Deno.makeTempFile({ suffix: ".txt" });
  await Deno.writeTextFile(list, paths.join("\n") + "\n");
  const script = await luaFile(EACH_PATH_ONCE_LUA);
  const args = [`-c${opts.connections}`, `-d${opts.duration}s`, ...headerArgs(opts.headers ?? {}), "-s", script];
  try {
    return await wrkRun(wrkPath, args, base, ["2", list]);
  } finally {
    await Promise.all([Deno.remove(list), Deno.remove(script)]);
  }
}

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
    const args = [`-c${connections}`, `-d${duration}s`, ...headerArgs(headers)];
    if (opts.unique) args.push("-s", await luaFile(UNIQUE_REQUESTS_LUA));
    return await wrkRun(wrkPath, args, url);
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

/** Signs a demo account in (the customer unless `role` says) and answers the session cookie. */
export async function signIn(base: string, role: "customer" | "admin" = "customer"): Promise<string> {
  const customer = demoAccounts.find((a) => a.role === role)!;
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
