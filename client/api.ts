/**
 * fetch helper for islands: same-origin JSON with cookies. A non-success answer throws an Error whose
 * message is the server's `error` field, else '{status}: {body text or status text}' (the spec's
 * generic failure text).
 */
export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly body: unknown) {
    super(message);
  }

  /** The refusal's stable code (lib/errors.ts ERROR_CODES), when the server gave one. */
  get code(): string | undefined {
    const code = this.body && typeof this.body === "object" ? (this.body as { code?: unknown }).code : undefined;
    return typeof code === "string" ? code : undefined;
  }
}

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const res = await fetch(path.startsWith("/api") ? path : `/api${path}`, {
    credentials: "same-origin",
    ...rest,
    headers: {
      Accept: "application/json",
      ...(json !== undefined ? { "Content-Type": "application/json" } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  if (!res.ok) {
    const serverMessage = body && typeof body === "object" && "error" in body
      ? String((body as { error: unknown }).error)
      : null;
    throw new ApiError(serverMessage ?? `${res.status}: ${text || res.statusText}`, res.status, body);
  }
  return body as T;
}
