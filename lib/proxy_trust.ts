/**
 * Which proxies in front of the shop are trusted to say who the client is (TRUSTED_PROXIES), and the
 * client address that follows from a request's connection and its X-Forwarded-For header.
 *
 * The rule is Express's `trust proxy` (the proxy-addr package does the work): start at the connection's
 * address and walk X-Forwarded-For from the right, past every trusted hop; the first hop that is not
 * trusted is the client. Each proxy appends the address it saw, so everything left of the first
 * untrusted hop was written by the client and may be made up. A client that reaches the shop directly
 * (not through a trusted proxy) is its connection's address, whatever it writes in the header.
 */
import proxyaddr from "proxy-addr";

/** Decides whether the hop `i` places right of the connection (0 = the connection itself) is trusted. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/** The most proxies a hop count may name: more is a typo, not a network. */
const MAX_HOPS = 20;

/** What TRUST_PROXY=true stands for: a proxy on this machine or on a private network. */
export const TRUST_PROXY_RANGES = "loopback, uniquelocal";

/** How a TRUSTED_PROXIES value is written, for the start-up error. */
export const TRUSTED_PROXIES_FORMAT = `must be a number of proxies (1-${MAX_HOPS}) or a comma-separated list of ` +
  "addresses, CIDR ranges and the names loopback, linklocal, uniquelocal";

/**
 * Compiles a TRUSTED_PROXIES value: a whole number N (the N hops nearest the shop are proxies, for a
 * load balancer whose addresses change), or a list of addresses and CIDR ranges, with proxy-addr's
 * names `loopback` (127.0.0.0/8, ::1), `linklocal` and `uniquelocal` (10/8, 172.16/12, 192.168/16,
 * fc00::/7). Throws a TypeError for anything else.
 */
export function compileProxyTrust(spec: string): ProxyTrust {
  const text = spec.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > MAX_HOPS) throw new TypeError(TRUSTED_PROXIES_FORMAT);
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(",").map((part) => part.trim()).filter(Boolean);
  if (entries.length === 0) throw new TypeError(TRUSTED_PROXIES_FORMAT);
  try {
    return proxyaddr.compile(entries);
  } catch {
    throw new TypeError(TRUSTED_PROXIES_FORMAT);
  }
}

/** Longest client address kept (a rate-limit key): anything longer was not written by a proxy. */
const ADDRESS_MAX = 100;

/**
 * The client's address: the connection's (`peer`), or, when `trust` says the connection is a
 * trusted proxy, the right-most X-Forwarded-For hop that is not trusted.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trust: ProxyTrust | null): string {
  if (!trust || !forwardedFor) return peer;
  // proxy-addr reads a Node request; these are the only two fields it looks at.
  const request = {
    headers: { "x-forwarded-for": forwardedFor },
    socket: { remoteAddress: peer },
    connection: { remoteAddress: peer },
  };
  const address = proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], trust);
  return address ? address.slice(0, ADDRESS_MAX) : peer;
}
