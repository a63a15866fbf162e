/**
 * The shop's messages out through the WhatsApp Cloud API: POST {base}/{phone-number-id}/messages
 * with the access token as Bearer ("Send messages"). A text within the 24-hour customer service
 * window, a template outside it. Graph's errors come back as `{ error: { message, code, ... } }`.
 */

export interface GraphSender {
  graphApiBase: string;
  phoneNumberId: string;
  accessToken: string;
}

export type OutgoingWhatsApp =
  | { kind: "text"; to: string; body: string }
  | { kind: "template"; to: string; name: string; language: string; parameters: string[] };

/** Graph's refusal; `retryable` for throttling and Graph's own failures. */
export class GraphApiError extends Error {
  constructor(message: string, readonly status: number, readonly code: number | null, readonly retryable: boolean) {
    super(message);
  }
}

/** Meta's code for a free-form message outside the 24-hour window (a template is needed). */
export const OUTSIDE_WINDOW_CODE = 131047;

function payload(msg: OutgoingWhatsApp): Record<string, unknown> {
  const base = { messaging_product: "whatsapp", recipient_type: "individual", to: msg.to };
  if (msg.kind === "text") return { ...base, type: "text", text: { preview_url: true, body: msg.body.slice(0, 4096) } };
  return {
    ...base,
    type: "template",
    template: {
      name: msg.name,
      language: { code: msg.language },
      components: [{
        type: "body",
        parameters: msg.parameters.map((text) => ({ type: "text", text: text.slice(0, 1024) })),
      }],
    },
  };
}

/** Sends one message; returns Graph's message id. Throws GraphApiError (or a network error). */
export async function sendWhatsApp(
  sender: GraphSender,
  msg: OutgoingWhatsApp,
  fetchFn: typeof fetch = fetch,
): Promise<string> {
  const res = await fetchFn(`${sender.graphApiBase}/${encodeURIComponent(sender.phoneNumberId)}/messages`, {
    method: "POST",
    headers: { authorization: `Bearer ${sender.accessToken}`, "content-type": "application/json" },
    body: JSON.stringify(payload(msg)),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await res.json().catch(() => null) as
    | { messages?: { id?: string }[]; error?: { message?: string; code?: number } }
    | null;
  if (!res.ok || !body?.messages?.[0]?.id) {
    const code = typeof body?.error?.code === "number" ? body.error.code : null;
    // 429, 5xx and Graph's throttling codes (4, 80007, 130429, 131056) may pass later.
    const retryable = res.status === 429 || res.status >= 500 ||
      [4, 80007, 130429, 131056].includes(code ?? -1);
    throw new GraphApiError(
      `Graph API ${res.status}${code !== null ? ` (code ${code})` : ""}: ${
        String(body?.error?.message ?? "no message id").slice(0, 300)
      }`,
      res.status,
      code,
      retryable,
    );
  }
  return body.messages[0].id!;
}
