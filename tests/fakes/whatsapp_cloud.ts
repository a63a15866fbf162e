/**
 * A fake WhatsApp Cloud API for tests: Deno.serve on 127.0.0.1 and a free port, speaking "Send
 * messages": POST /{version}/{phone-number-id}/messages with `Authorization: Bearer <token>` and a
 * JSON body (`messaging_product: "whatsapp"`, `to`, `type` text or template). It answers Graph's
 * success body `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id }] }`, or Graph's
 * error body `{ error: { message, type, code, fbtrace_id } }` (a wrong token: 401 and code 190; an
 * unknown phone number id: 400 and code 100; a malformed message: 400 and code 100).
 *
 * Also the other side of the wire: `orderWebhook` builds the WhatsApp Business Account webhook Meta
 * posts for an order message, and `signWebhook` its X-Hub-Signature-256.
 */
import { createHmac } from "node:crypto";

export interface SentWhatsApp {
  to: string;
  type: string;
  body: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
  id: string;
}

export interface FakeWhatsAppCloud {
  /** http://127.0.0.1:{port}/v24.0, for WHATSAPP_GRAPH_API_BASE. */
  url: string;
  phoneNumberId: string;
  token: string;
  /** Every message accepted, in order. */
  sent: SentWhatsApp[];
  /** Every request's path, in order (accepted or not). */
  requests: string[];
  /** The next `n` sends fail with this HTTP status and Graph error code. */
  failNext(n: number, status?: number, code?: number): void;
  stop(): Promise<void>;
}

function graphError(status: number, message: string, code: number, type = "OAuthException") {
  return Response.json({ error: { message, type, code, fbtrace_id: "AFakeTrace" } }, { status });
}

export function startFakeWhatsAppCloud(
  opts: { phoneNumberId?: string; token?: string } = {},
): FakeWhatsAppCloud {
  const phoneNumberId = opts.phoneNumberId ?? "106540352242922";
  const token = opts.token ?? "EAAG-fake-system-user-token";
  const sent: SentWhatsApp[] = [];
  const requests: string[] = [];
  let failures: { left: number; status: number; code: number } = { left: 0, status: 500, code: 1 };
  let n = 0;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const url = new URL(req.url);
    requests.push(url.pathname);
    const m = /^\/v[0-9]+\.[0-9]+\/([^/]+)\/messages$/.exec(url.pathname);
    if (req.method !== "POST" || !m) {
      return graphError(400, "Unsupported request - method type or path", 100, "GraphMethodException");
    }
    if (req.headers.get("authorization") !== `Bearer ${token}`) {
      return graphError(401, "Invalid OAuth access token - Cannot parse access token", 190);
    }
    if (m[1] !== phoneNumberId) {
      return graphError(400, `Unsupported post request. Object with ID '${m[1]}' does not exist`, 100);
    }
    if (failures.left > 0) {
      failures.left--;
      return graphError(failures.status, "(#131000) Something went wrong", failures.code);
    }
    const body = await req.json().catch(() => null) as Record<string, unknown> | null;
    const to = typeof body?.to === "string" ? body.to : "";
    if (body?.messaging_product !== "whatsapp" || !/^[0-9]{6,15}$/.test(to)) {
      return graphError(400, "(#100) Invalid parameter", 100);
    }
    let text: string | null = null;
    let template: SentWhatsApp["template"] = null;
    if (body.type === "text") {
      text = (body.text as { body?: unknown } | undefined)?.body as string;
      if (typeof text !== "string" || !text || text.length > 4096) {
        return graphError(400, "(#100) The parameter text['body'] is required.", 100);
      }
    } else if (body.type === "template") {
      const t = body.template as {
        name?: string;
        language?: { code?: string };
        components?: { parameters?: { text?: string }[] }[];
      };
      if (!t?.name || !t.language?.code) {
        return graphError(400, "(#132000) Number of parameters does not match", 132000);
      }
      template = {
        name: t.name,
        language: t.language.code,
        parameters: (t.components ?? []).flatMap((c) => (c.parameters ?? []).map((p) => String(p.text ?? ""))),
      };
    } else {
      return graphError(400, "(#100) Param type must be one of {text, template, ...}", 100);
    }
    const id = `wamid.FAKE${String(++n).padStart(6, "0")}`;
    sent.push({ to, type: String(body.type), body: text, template, id });
    return Response.json({ messaging_product: "whatsapp", contacts: [{ input: to, wa_id: to }], messages: [{ id }] });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/v24.0`,
    phoneNumberId,
    token,
    sent,
    requests,
    failNext(count, status = 500, code = 131000) {
      failures = { left: count, status, code };
    },
    stop: () => server.shutdown(),
  };
}

export interface FakeOrderItem {
  product_retailer_id: string;
  quantity: number | string;
  item_price?: number | string;
  currency?: string;
}

/** The webhook Meta posts when a customer sends a cart ("Order messages webhook reference"). */
export function orderWebhook(
  opts: { messageId: string; from: string; items: FakeOrderItem[]; text?: string; name?: string },
): Record<string, unknown> {
  return {
    object: "whatsapp_business_account",
    entry: [{
      id: "102290129340398",
      changes: [{
        field: "messages",
        value: {
          messaging_product: "whatsapp",
          metadata: { display_phone_number: "27115550142", phone_number_id: "106540352242922" },
          contacts: [{ profile: { name: opts.name ?? "Thandi Nkosi" }, wa_id: opts.from }],
          messages: [{
            from: opts.from,
            id: opts.messageId,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "order",
            order: {
              catalog_id: "1234567890",
              product_items: opts.items,
              ...(opts.text ? { text: opts.text } : {}),
            },
          }],
        },
      }],
    }],
  };
}

/** X-Hub-Signature-256 for a body, as Meta signs it with the app secret. */
export function signWebhook(body: string, appSecret: string): string {
  return `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;
}
