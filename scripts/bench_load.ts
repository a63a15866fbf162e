/**
 * What the load benchmarks share (scripts/bench.ts, scripts/bench_large.ts): their command-line
 * numbers, one load run with wrk when installed (else autocannon), and a demo customer's sign-in.
 */
import autocannon from "autocannon";
import { demoAccounts } from "../db/seed/demo.ts";

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

/** Loads `url` for `duration` seconds over `connections` connections; answers req/s, p50, p99 (ms), errors. */
export async function load(
  url: string,
  opts: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<Figures> {
  const { connections, duration, headers = {} } = opts;
  if (wrkPath) {
    const args = ["-t2", `-c${connections}`, `-d${duration}s`, "--latency"];
    for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
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
  return await new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration, pipelining: 1, headers },
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
