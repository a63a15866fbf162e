/**
 * Reading a Meta commerce catalogue through the Graph API: GET {base}/v18.0/{catalogId}/products,
 * then every `paging.next` until there is none. Bounded (pages, items, time per request) so a
 * misbehaving server cannot keep the import running forever. No database work happens here: the
 * import fetches first and writes afterwards, so no transaction waits on the network.
 */
import { UpstreamError } from "../../lib/errors.ts";
import { assertPublicHost, type ResolveHost } from "../../lib/public_host.ts";
import { graphErrorBody, type GraphProductItem, graphProductItem, graphProductPage } from "./schemas.ts";

/** The Graph API version the spec names (shown on the tab). */
export const GRAPH_API_VERSION = "v18.0";

/** The fields the import reads (retailer_id is the key that makes a second import an update). */
export const GRAPH_PRODUCT_FIELDS = [
  "id",
  "retailer_id",
  "name",
  "description",
  "price",
  "sale_price",
  "currency",
  "availability",
  "condition",
  "brand",
  "category",
  "product_type",
  "image_url",
  "additional_image_urls",
  "url",
  "gtin",
  "mpn",
  "inventory",
  "quantity_to_sell_on_facebook",
].join(",");

export const GRAPH_LIMITS = { maxPages: 100, maxItems: 10_000, pageSize: 100, timeoutMs: 20_000 };

/** The Graph API refused the request (a bad or expired token, a catalogue the token cannot read). */
export class GraphRefusedError extends Error {
  constructor(message: string, readonly status: number, readonly code?: number) {
    super(message);
  }
}

/** The Graph API could not be reached or answered something unreadable (network, timeout, 5xx): 502. */
export class GraphUnavailableError extends UpstreamError {}

export interface CatalogueRead {
  items: { raw: unknown; item: GraphProductItem | null }[];
  pages: number;
  /** True when the limits stopped the reading before the last page. */
  truncated: boolean;
}

type Fetch = typeof fetch;

/** The products URL of a catalogue's first page. */
export function productsUrl(base: string, catalogId: string, token: string, pageSize = GRAPH_LIMITS.pageSize) {
  const url = new URL(`${base.replace(/\/+$/, "")}/${GRAPH_API_VERSION}/${encodeURIComponent(catalogId)}/products`);
  url.searchParams.set("fields", GRAPH_PRODUCT_FIELDS);
  url.searchParams.set("limit", String(pageSize));
  url.searchParams.set("access_token", token);
  return url;
}

/** Reads one JSON answer, turning Graph's error shape into GraphRefusedError. */
async function getJson(url: URL, fetchImpl: Fetch, timeoutMs: number): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const timedOut = err instanceof DOMException && (err.name === "TimeoutError" || err.name === "AbortError");
    throw new GraphUnavailableError(
      timedOut
        ? "Facebook did not answer in time. Please try again."
        : "Could not reach Facebook Commerce Manager. Please try again later.",
    );
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    body = null;
  }
  if (!res.ok) {
    const graphError = graphErrorBody.safeParse(body);
    if (res.status < 500 && graphError.success) {
      throw new GraphRefusedError(graphError.data.error.message, res.status, graphError.data.error.code);
    }
    throw new GraphUnavailableError(`Facebook answered with an error (HTTP ${res.status}). Please try again later.`);
  }
  return body;
}

/**
 * Every product item of the catalogue, following `paging.next`. A next link must stay on the
 * Graph host it started from (the token rides in it), and a link seen before ends the loop.
 */
export async function readCatalogue(
  options: { base: string; catalogId: string; token: string; fetch?: Fetch; limits?: Partial<typeof GRAPH_LIMITS> },
): Promise<CatalogueRead> {
  const limits = { ...GRAPH_LIMITS, ...options.limits };
  const fetchImpl = options.fetch ?? fetch;
  const first = productsUrl(options.base, options.catalogId, options.token, limits.pageSize);
  const seen = new Set<string>();
  const items: CatalogueRead["items"] = [];
  let url: URL | null = first;
  let pages = 0;
  while (url) {
    if (pages >= limits.maxPages || items.length >= limits.maxItems) return { items, pages, truncated: true };
    seen.add(url.href);
    const body = graphProductPage.safeParse(await getJson(url, fetchImpl, limits.timeoutMs));
    if (!body.success) throw new GraphUnavailableError("Facebook answered with a page the shop could not read.");
    pages++;
    for (const raw of body.data.data.slice(0, limits.maxItems - items.length)) {
      const parsed = graphProductItem.safeParse(raw);
      items.push({ raw, item: parsed.success ? parsed.data : null });
    }
    url = nextUrl(body.data.paging?.next, first, seen);
  }
  return { items, pages, truncated: false };
}

function nextUrl(next: string | undefined, first: URL, seen: Set<string>): URL | null {
  if (!next) return null;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return null;
  }
  if (url.origin !== first.origin || seen.has(url.href)) return null;
  return url;
}

/**
 * Downloads one image for storing locally. Only https to a public host (lib/public_host.ts: the name
 * and every address it resolves to), or the Graph API's own origin (configured by the operator; tests
 * point it at a local fake), so a catalogue entry cannot make the shop fetch an internal address;
 * redirects are followed by hand (at most 3), each hop checked under the same rule. Throws
 * InternalHostError for a refused host. The body is read up to `maxBytes` + 1, so an oversized file is
 * refused without holding all of it.
 */
export async function downloadImage(
  src: string,
  options: { fetch?: Fetch; resolve?: ResolveHost; timeoutMs?: number; maxBytes: number; trustedOrigin?: string },
): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(options.timeoutMs ?? 20_000);
  let url = new URL(src);
  let res: Response;
  for (let hops = 0;; hops++) {
    if (url.origin !== options.trustedOrigin) {
      if (url.protocol !== "https:") throw new Error("image URLs must be https");
      await assertPublicHost(url, options.resolve);
    }
    res = await (options.fetch ?? fetch)(url, { signal, redirect: "manual" });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (!location) break;
    await res.body?.cancel();
    if (hops >= 3) throw new Error("too many redirects");
    url = new URL(location, url);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`image download failed (HTTP ${res.status})`);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.length;
    chunks.push(chunk);
    if (size > options.maxBytes) break;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}
