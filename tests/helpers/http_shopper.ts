/**
 * A shopper over real HTTP against a running shop (tests/helpers/server.ts): keeps its cookies,
 * sends the shop's Origin on state-changing requests, and walks the purchase path with the offline
 * test provider. Used by the crash test and `deno task soak`. Each shopper claims its own client
 * address through X-Forwarded-For (the server runs with TRUST_PROXY=true), so the per-address
 * registration limit does not stop a load run after five customers.
 */

export interface HttpShopper {
  /** A request with this shopper's cookies; the response body is read (or cancelled). */
  send(path: string, init?: { method?: string; json?: unknown }): Promise<{ status: number; body: unknown }>;
}

/** `client`: an HTTP client of the caller's (one that keeps no connection opens one per request). */
export function httpShopper(baseUrl: string, clientIp: string, client?: Deno.HttpClient): HttpShopper {
  const cookies = new Map<string, string>();
  return {
    async send(path, init = {}) {
      const method = init.method ?? (init.json === undefined ? "GET" : "POST");
      const headers = new Headers({ "X-Forwarded-For": clientIp });
      if (cookies.size) headers.set("Cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
      if (method !== "GET") headers.set("Origin", baseUrl);
      if (init.json !== undefined) headers.set("Content-Type", "application/json");
      const res = await fetch(baseUrl + path, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        redirect: "manual",
        ...(client ? { client } : {}),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const type = res.headers.get("content-type") ?? "";
      const body = type.includes("json") ? await res.json() : (await res.arrayBuffer(), null);
      return { status: res.status, body };
    },
  };
}

/** A fresh customer, signed in, with a default address. Throws when a step is refused. */
export async function newCustomer(shopper: HttpShopper, name: string): Promise<void> {
  const password = "Gecko-Keeper1";
  const registered = await shopper.send("/api/auth/register", {
    json: { username: name, email: `${name}@example.co.za`, password, confirmPassword: password, acceptTerms: true },
  });
  if (registered.status !== 201) throw new Error(`register ${registered.status} ${JSON.stringify(registered.body)}`);
  const address = await shopper.send("/api/addresses", {
    json: {
      label: "Home",
      firstName: "Thandi",
      lastName: "Nkosi",
      addressLine1: "12 Gecko Lane",
      city: "Johannesburg",
      state: "Gauteng",
      postalCode: "2196",
      isDefault: true,
    },
  });
  if (address.status !== 201) throw new Error(`address ${address.status} ${JSON.stringify(address.body)}`);
}

export interface Purchase {
  /** Status of POST /api/orders, and the order when it was acknowledged (2xx). */
  orderStatus: number;
  order: { id: number; orderNumber: string } | null;
  /** Status of the test card confirmation (200: the shop said the payment succeeded). */
  paymentStatus: number | null;
}

/** Puts one unit of the product in the cart, places the order and pays it with the test card 4242. */
export async function buyOne(shopper: HttpShopper, productId: number): Promise<Purchase> {
  await shopper.send("/api/cart", { json: { productId, quantity: 1 } });
  const placed = await shopper.send("/api/orders", { json: { shippingMethod: "standard" } });
  if (placed.status >= 300) return { orderStatus: placed.status, order: null, paymentStatus: null };
  const order = placed.body as { id: number; orderNumber: string };
  const intent = await shopper.send("/api/payments/create-intent", { json: { orderId: order.id } });
  if (intent.status >= 300) return { orderStatus: placed.status, order, paymentStatus: intent.status };
  const { clientSecret } = intent.body as { clientSecret: string };
  const paid = await shopper.send("/api/payments/test-confirm", {
    json: { clientSecret, cardNumber: "4242424242424242" },
  });
  return { orderStatus: placed.status, order, paymentStatus: paid.status };
}
