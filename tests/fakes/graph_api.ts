/**
 * A fake Meta Graph API for tests: Deno.serve on 127.0.0.1 and a free port, speaking the wire
 * format the import reads. GET /v18.0/{catalogId}/products answers the requested `fields` of the
 * catalogue's items in pages (two by default) whose `paging.next` points back at this server with
 * an `after` cursor; a wrong `access_token` or catalogue gets Graph's error body
 * `{ error: { message, type, code, fbtrace_id } }` with HTTP 400 (as Graph answers code 190 and 100).
 * GET /images/{name}.png answers real PNG bytes, so images can be downloaded and stored
 * ("missing" is a 404); GET /redirect/{name} is a 302 to that image.
 */
import { placeholderPng } from "../../lib/placeholder_png.ts";

export interface FakeGraphItem {
  id: string;
  retailer_id?: string;
  name?: string;
  description?: string;
  price?: string | number;
  sale_price?: string;
  currency?: string;
  availability?: string;
  condition?: string;
  brand?: string;
  category?: string;
  product_type?: string;
  image_url?: string;
  additional_image_urls?: string[];
  url?: string;
  gtin?: string;
  mpn?: string;
  inventory?: number;
  quantity_to_sell_on_facebook?: number;
}

export interface FakeGraphApi {
  /** http://127.0.0.1:{port}, for META_GRAPH_API_BASE. */
  url: string;
  catalogId: string;
  token: string;
  /** The catalogue; tests change it between imports. */
  items: FakeGraphItem[];
  /** Items per page; default: half the catalogue (rounded up), so it comes in two pages. */
  pageSize?: number;
  /** Every request's path and query, in order. */
  requests: URL[];
  /** An image URL this server answers. */
  imageUrl(name: string): string;
  /** The next `n` product requests fail with HTTP 500 (Graph's "unknown error"). */
  failNext(n: number): void;
  /** Product pages are answered after this many milliseconds (a slow Graph API). */
  delayMs: number;
  /** When set, every page's paging.next is this URL (a misbehaving server). */
  nextOverride?: string;
  stop(): Promise<void>;
}

const GRAPH_ERRORS = {
  token: {
    status: 400,
    body: {
      error: {
        message: "Invalid OAuth access token - Cannot parse access token",
        type: "OAuthException",
        code: 190,
      },
    },
  },
  catalogue: (id: string) => ({
    status: 400,
    body: {
      error: {
        message:
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        type: "GraphMethodException",
        code: 100,
      },
    },
  }),
};

export function startFakeGraphApi(
  options: { catalogId?: string; token?: string; items?: (api: FakeGraphApi) => FakeGraphItem[] } = {},
): FakeGraphApi {
  let failures = 0;
  const pngs = new Map<string, Uint8Array<ArrayBuffer>>();
  const api: FakeGraphApi = {
    url: "",
    catalogId: options.catalogId ?? "1234567890",
    token: options.token ?? "EAAB-fake-graph-token",
    items: [],
    requests: [],
    imageUrl: (name) => `${api.url}/images/${encodeURIComponent(name)}.png`,
    failNext(n) {
      failures = n;
    },
    delayMs: 0,
    stop: () => server.shutdown(),
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    api.requests.push(url);
    const moved = url.pathname.match(/^\/redirect\/([^/]+)$/);
    if (moved) return Response.redirect(api.imageUrl(decodeURIComponent(moved[1])), 302);
    const image = url.pathname.match(/^\/images\/([^/]+)\.png$/);
    if (image) {
      const name = decodeURIComponent(image[1]);
      if (name === "missing") return new Response("Not found", { status: 404 });
      if (!pngs.has(name)) pngs.set(name, await placeholderPng(name, { width: 64, height: 64 }));
      return new Response(pngs.get(name)!, { headers: { "Content-Type": "image/png" } });
    }
    const products = url.pathname.match(/^\/v18\.0\/([^/]+)\/products$/);
    if (!products || req.method !== "GET") {
      return json(400, { error: { message: "Unknown path components", type: "OAuthException", code: 2500 } });
    }
    if (url.searchParams.get("access_token") !== api.token) {
      return json(GRAPH_ERRORS.token.status, GRAPH_ERRORS.token.body);
    }
    if (products[1] !== api.catalogId) {
      const e = GRAPH_ERRORS.catalogue(products[1]);
      return json(e.status, e.body);
    }
    if (failures > 0) {
      failures--;
      return json(500, { error: { message: "An unknown error has occurred.", type: "OAuthException", code: 1 } });
    }
    if (api.delayMs) await new Promise((resolve) => setTimeout(resolve, api.delayMs));
    const fields = (url.searchParams.get("fields") ?? "id").split(",");
    const size = api.pageSize ?? Math.max(1, Math.ceil(api.items.length / 2));
    const from = Number(url.searchParams.get("after") ?? "0") || 0;
    const page = api.items.slice(from, from + size).map((item) =>
      Object.fromEntries(
        Object.entries(item).filter(([k]) => k === "id" || fields.includes(k)),
      )
    );
    const next = new URL(url);
    next.searchParams.set("after", String(from + size));
    return json(200, {
      data: page,
      paging: {
        cursors: { before: String(from), after: String(from + size) },
        ...(api.nextOverride ? { next: api.nextOverride } : from + size < api.items.length ? { next: next.href } : {}),
      },
    });
  });
  api.url = `http://127.0.0.1:${server.addr.port}`;
  api.items = options.items?.(api) ?? [];
  return api;
}

/** A small catalogue of four items in the shapes Graph returns (formatted prices, rand). */
export function sampleCatalogue(api: FakeGraphApi): FakeGraphItem[] {
  return [
    {
      id: "7001",
      retailer_id: "RB-FB-TERR-6045",
      name: "Exo Terra Glass Terrarium 60x45x45",
      description: "Front-opening glass terrarium with a mesh lid, for geckos and small lizards.",
      price: "R2,499.00",
      sale_price: "R2,199.00",
      currency: "ZAR",
      availability: "in stock",
      condition: "new",
      brand: "Exo Terra",
      product_type: "Enclosures > Glass terrarium",
      image_url: api.imageUrl("terrarium-front"),
      additional_image_urls: [api.imageUrl("terrarium-side")],
      url: "https://www.facebook.com/commerce/products/7001",
      gtin: "0015561226040",
      inventory: 7,
      quantity_to_sell_on_facebook: 5,
    },
    {
      id: "7002",
      retailer_id: "RB-FB-UVB-T5",
      name: "Arcadia T5 UVB Kit 12%",
      description: "Complete T5 UVB tube kit with reflector for desert species.",
      price: "ZAR1,149.50",
      currency: "ZAR",
      availability: "in stock",
      condition: "new",
      brand: "Arcadia",
      image_url: api.imageUrl("uvb-kit"),
      url: "https://www.facebook.com/commerce/products/7002",
      inventory: 12,
    },
    {
      id: "7003",
      retailer_id: "RB-FB-BOWL-M",
      name: "Zoo Med Repti Rock Water Dish, medium",
      description: "Heavy resin water bowl that does not tip over.",
      price: "189.00 ZAR",
      currency: "ZAR",
      availability: "out of stock",
      condition: "new",
      brand: "Zoo Med",
      image_url: api.imageUrl("water-bowl"),
      inventory: 0,
    },
    {
      id: "7004",
      retailer_id: "RB-FB-MYSTERY",
      name: "Mystery box",
      description: "A little of everything.",
      price: "R 350,00",
      currency: "ZAR",
      availability: "preorder",
      condition: "new",
      image_url: api.imageUrl("mystery"),
    },
  ];
}
