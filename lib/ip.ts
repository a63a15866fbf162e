/**
 * IP addresses and CIDR ranges, IPv4 and IPv6, for every place that asks "is this address in that range"
 * (PayFast's ITN sources, trusted proxies, refusing internal addresses before an outbound fetch).
 *
 * One representation for both families: an address is 16 bytes, an IPv4 address being held as its
 * IPv4-mapped IPv6 form (`::ffff:a.b.c.d`). So `10.0.0.1` and `::ffff:10.0.0.1` are the same address
 * everywhere, and an IPv4 range `10.0.0.0/8` is the IPv6 range `::ffff:10.0.0.0/104`. Parsing is strict
 * (no leading zeros in IPv4 parts, which some parsers read as octal; no zone ids; no brackets or ports)
 * so that two parsers can never disagree about which address a string names.
 */

/** A parsed address: its family as written, and its 16-byte form (IPv4 held as IPv4-mapped IPv6). */
export interface ParsedIp {
  /** 4 when written as dotted IPv4, 6 when written as IPv6 (including `::ffff:a.b.c.d`). */
  version: 4 | 6;
  /** 16 bytes, network order. */
  bytes: Uint8Array;
  /** The IPv4 address when the address is IPv4 or IPv4-mapped IPv6, else null. */
  v4: string | null;
}

/** A parsed CIDR range over the 16-byte form (an IPv4 prefix length is stored plus 96). */
export interface ParsedCidr {
  bytes: Uint8Array;
  prefix: number;
}

const V4_PART = /^(0|[1-9]\d{0,2})$/;
const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function parseV4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => V4_PART.test(p))) return null;
  const nums = parts.map(Number);
  return nums.every((n) => n <= 255) ? nums : null;
}

function parseV6(text: string): number[] | null {
  if (!/^[0-9a-f:.]+$/i.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === "") return [];
    const out: number[] = [];
    const pieces = half.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i];
      if (piece.includes(".")) {
        // A dotted IPv4 tail is allowed only as the last piece of the address.
        if (i !== pieces.length - 1) return null;
        const v4 = parseV4(piece);
        if (!v4) return null;
        out.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(piece)) return null;
        out.push(parseInt(piece, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  if (!head || !tail) return null;
  // A dotted tail in the head half is only valid when there is no "::" after it.
  if (halves.length === 2 && halves[0].includes(".")) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const words = [...head, ...new Array(missing).fill(0), ...tail];
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * Parses an IPv4 (`192.0.2.1`) or IPv6 (`2001:db8::1`, `::ffff:192.0.2.1`) address; null for anything else,
 * including host names, bracketed forms, ports and zone ids.
 */
export function parseIp(text: string): ParsedIp | null {
  if (typeof text !== "string" || text.length > 45) return null;
  const v4 = parseV4(text);
  if (v4) return { version: 4, bytes: new Uint8Array([...MAPPED_PREFIX, ...v4]), v4: v4.join(".") };
  const v6 = parseV6(text);
  if (!v6) return null;
  const bytes = new Uint8Array(v6);
  const mapped = MAPPED_PREFIX.every((b, i) => bytes[i] === b);
  return { version: 6, bytes, v4: mapped ? Array.from(bytes.subarray(12)).join(".") : null };
}

/**
 * Parses `address/prefix` (or a bare address, meaning just that address); null when malformed.
 * Host bits below the prefix are ignored (`10.1.2.3/8` is `10.0.0.0/8`).
 * Validate configured ranges with this at start-up so a typo fails fast instead of matching nothing.
 */
export function parseCidr(cidr: string): ParsedCidr | null {
  if (typeof cidr !== "string") return null;
  const slash = cidr.indexOf("/");
  const ip = parseIp(slash === -1 ? cidr : cidr.slice(0, slash));
  if (!ip) return null;
  const max = ip.version === 4 ? 32 : 128;
  let prefix = max;
  if (slash !== -1) {
    const bits = cidr.slice(slash + 1);
    if (!/^(0|[1-9]\d{0,2})$/.test(bits) || Number(bits) > max) return null;
    prefix = Number(bits);
  }
  return { bytes: ip.bytes, prefix: ip.version === 4 ? prefix + 96 : prefix };
}

function bytesInCidr(bytes: Uint8Array, range: ParsedCidr): boolean {
  for (let bit = 0; bit < range.prefix; bit += 8) {
    const take = Math.min(8, range.prefix - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    const i = bit / 8;
    if ((bytes[i] & mask) !== (range.bytes[i] & mask)) return false;
  }
  return true;
}

/**
 * True when `ip` lies in `cidr`. An IPv4 address and its IPv4-mapped IPv6 form match the same ranges,
 * whichever family the range is written in. A malformed address is in no range (false);
 * a malformed range throws a TypeError, since it is a programming or configuration mistake.
 */
export function ipInCidr(ip: string, cidr: string | ParsedCidr): boolean {
  const range = typeof cidr === "string" ? parseCidr(cidr) : cidr;
  if (!range) throw new TypeError(`Not a CIDR range: ${cidr}`);
  const parsed = parseIp(ip);
  return parsed !== null && bytesInCidr(parsed.bytes, range);
}

/**
 * Ranges that are not the public internet: this host, private networks, carrier NAT, link-local,
 * documentation, benchmarking, multicast, reserved and broadcast, for both families. IPv4 ranges also
 * catch their IPv4-mapped IPv6 forms (see the module comment).
 */
const NON_PUBLIC_RANGES: readonly ParsedCidr[] = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
  "::/96", // unspecified, loopback and the deprecated IPv4-compatible form
  "::ffff:0:0:0/96", // IPv4-translated
  "64:ff9b:1::/48", // local-use NAT64
  "100::/64", // discard-only
  "2001::/23", // IETF protocol assignments, incl. Teredo (2001::/32)
  "2001:db8::/32", // documentation
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "fec0::/10", // deprecated site-local
  "ff00::/8", // multicast
].map((r) => parseCidr(r)!);

/** IPv6 prefixes that carry an IPv4 address inside them, and where: NAT64 (last 4 bytes), 6to4 (bytes 2-5). */
const EMBEDDED_V4: readonly { range: ParsedCidr; at: number }[] = [
  { range: parseCidr("64:ff9b::/96")!, at: 12 },
  { range: parseCidr("2002::/16")!, at: 2 },
];

/**
 * True unless `ip` is a public unicast address: loopback, private, carrier-grade NAT, link-local,
 * multicast, reserved, documentation ranges and their IPv6 equivalents are internal, and so is an
 * IPv6 address that embeds an internal IPv4 one (NAT64, 6to4). Anything unparseable counts as
 * internal, so callers refusing internal addresses fail closed.
 */
export function isInternalIp(ip: string): boolean {
  const parsed = parseIp(ip);
  if (!parsed) return true;
  if (NON_PUBLIC_RANGES.some((r) => bytesInCidr(parsed.bytes, r))) return true;
  for (const { range, at } of EMBEDDED_V4) {
    if (bytesInCidr(parsed.bytes, range)) {
      return isInternalIp(Array.from(parsed.bytes.subarray(at, at + 4)).join("."));
    }
  }
  return false;
}
