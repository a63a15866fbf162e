/**
 * Refusing internal addresses before the shop fetches a URL someone else chose (a Meta catalogue's
 * image links): the host, and every address its name resolves to (A and AAAA), must be public
 * unicast, see isInternalIp in lib/ip.ts. Callers re-check every redirect hop.
 *
 * Residual gap (DNS rebinding): fetch resolves the name again itself and Deno's fetch cannot be pinned
 * to the address checked here, so a name whose DNS answer changes between the two look-ups (a TTL of
 * 0 under an attacker's control) could still reach an internal address. Names the system resolver
 * would answer from /etc/hosts rather than DNS are covered only for localhost and single-label names.
 * Closing that needs fetching by the checked IP with the Host header and TLS server name kept, which
 * fetch does not offer.
 */
import { isInternalIp, parseIp } from "./ip.ts";

/** Every A and AAAA address of a host name; [] (or a throw) when it has none. Injectable so tests fake DNS. */
export type ResolveHost = (host: string) => Promise<string[]>;

/** The URL's host is, or resolves to, an address that is not on the public internet. */
export class InternalHostError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InternalHostError";
  }
}

/** A and AAAA look-ups through Deno.resolveDns; a record type the name lacks adds nothing. */
export async function resolveDnsAll(host: string): Promise<string[]> {
  const answers = await Promise.allSettled([Deno.resolveDns(host, "A"), Deno.resolveDns(host, "AAAA")]);
  return answers.flatMap((a) => (a.status === "fulfilled" ? a.value : []));
}

/**
 * Throws InternalHostError unless `url`'s host is a public address, or a name all of whose addresses
 * are public. A name that does not resolve is refused too (fail closed).
 */
export async function assertPublicHost(url: URL, resolve: ResolveHost = resolveDnsAll): Promise<void> {
  // URL has already normalised the host: decimal/hex IPv4 forms become dotted, IPv6 sits in brackets.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "").toLowerCase();
  if (parseIp(host)) {
    if (isInternalIp(host)) throw new InternalHostError(`${host} is an internal address`);
    return;
  }
  // The system resolver answers these from the hosts file or search domains, which DNS look-ups miss.
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) {
    throw new InternalHostError(`${host} is an internal name`);
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    addresses = [];
  }
  if (!addresses.length) throw new InternalHostError(`${host} does not resolve`);
  const internal = addresses.find((a) => isInternalIp(a));
  if (internal) throw new InternalHostError(`${host} resolves to an internal address (${internal})`);
}
