/**
 * A fake SMTP server for tests: speaks plain SMTP (RFC 5321) over TCP on 127.0.0.1 and a free port,
 * so the real nodemailer transport runs against it. It answers EHLO/HELO, AUTH PLAIN and LOGIN (any
 * credentials), MAIL FROM, RCPT TO, DATA (with dot-unstuffing), RSET, NOOP and QUIT, offers no TLS,
 * and keeps every message it accepts (raw). `failNext(n)` makes the next n messages get a temporary
 * 451 at the end of DATA. Helpers parse a raw message (multipart, quoted-printable, base64) and pull
 * the reset link out of its text.
 */

export interface ReceivedMessage {
  from: string;
  to: string[];
  /** The message as transmitted after DATA, dot-unstuffed, lines joined by CRLF. */
  raw: string;
  /** The user of AUTH, when the client logged in. */
  authUser: string | null;
}

export interface SmtpSink {
  port: number;
  /** smtp://127.0.0.1:{port} (pass `auth` to put credentials in it). */
  url(auth?: { user: string; pass: string }): string;
  messages: ReceivedMessage[];
  /** Resolves with the first message (already received or arriving) that matches, or rejects after `timeoutMs`. */
  waitForMessage(match?: (m: ReceivedMessage) => boolean, timeoutMs?: number): Promise<ReceivedMessage>;
  /** The next `n` messages are refused with 451 after their data. */
  failNext(n: number): void;
  /** Closes the listener and every open connection, and waits for them to finish. */
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

export function startSmtpSink(): SmtpSink {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  const messages: ReceivedMessage[] = [];
  const conns = new Set<Deno.Conn>();
  const handlers = new Set<Promise<void>>();
  const waiters = new Set<{ match: (m: ReceivedMessage) => boolean; resolve: (m: ReceivedMessage) => void }>();
  let failures = 0;
  let stopped = false;

  function received(m: ReceivedMessage) {
    messages.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.delete(w);
        w.resolve(m);
      }
    }
  }

  async function session(conn: Deno.Conn) {
    const writer = conn.writable.getWriter();
    const reader = conn.readable.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const send = (line: string) => writer.write(encoder.encode(`${line}\r\n`));
    async function readLine(): Promise<string | null> {
      while (true) {
        const at = buffer.indexOf("\r\n");
        if (at >= 0) {
          const line = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          return line;
        }
        const { value, done } = await reader.read();
        if (done) return null;
        buffer += decoder.decode(value, { stream: true });
      }
    }
    let from: string | null = null;
    let to: string[] = [];
    let authUser: string | null = null;
    const b64 = (s: string) => {
      try {
        return new TextDecoder().decode(Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0)));
      } catch {
        return "";
      }
    };
    try {
      await send("220 sink.test ESMTP test sink ready");
      while (true) {
        const line = await readLine();
        if (line === null) break;
        const [verb, ...rest] = line.split(" ");
        const arg = rest.join(" ");
        switch (verb.toUpperCase()) {
          case "EHLO":
            await send("250-sink.test greets you");
            await send("250-AUTH PLAIN LOGIN");
            await send("250-8BITMIME");
            await send("250 SMTPUTF8");
            break;
          case "HELO":
            await send("250 sink.test");
            break;
          case "AUTH": {
            const [mech, initial] = arg.split(" ");
            if (mech?.toUpperCase() === "PLAIN") {
              let payload = initial;
              if (!payload) {
                await send("334 ");
                payload = (await readLine()) ?? "";
              }
              authUser = b64(payload).split("\0")[1] ?? "";
            } else if (mech?.toUpperCase() === "LOGIN") {
              let user = initial;
              if (!user) {
                await send("334 VXNlcm5hbWU6");
                user = (await readLine()) ?? "";
              }
              await send("334 UGFzc3dvcmQ6");
              await readLine();
              authUser = b64(user);
            } else {
              await send("504 5.5.4 Unrecognized authentication type");
              break;
            }
            await send("235 2.7.0 Authentication successful");
            break;
          }
          case "MAIL":
            from = /<([^>]*)>/.exec(arg)?.[1] ?? "";
            to = [];
            await send("250 2.1.0 OK");
            break;
          case "RCPT": {
            const rcpt = /<([^>]*)>/.exec(arg)?.[1];
            if (!from || !rcpt) {
              await send("503 5.5.1 Bad sequence of commands");
              break;
            }
            to.push(rcpt);
            await send("250 2.1.5 OK");
            break;
          }
          case "DATA": {
            if (!from || !to.length) {
              await send("503 5.5.1 Bad sequence of commands");
              break;
            }
            await send("354 End data with <CR><LF>.<CR><LF>");
            const lines: string[] = [];
            while (true) {
              const l = await readLine();
              if (l === null) return;
              if (l === ".") break;
              lines.push(l.startsWith(".") ? l.slice(1) : l);
            }
            if (failures > 0) {
              failures--;
              await send("451 4.3.0 Temporary failure, try again later");
            } else {
              received({ from, to, raw: lines.join("\r\n"), authUser });
              await send(`250 2.0.0 OK queued as ${messages.length}`);
            }
            from = null;
            to = [];
            break;
          }
          case "RSET":
            from = null;
            to = [];
            await send("250 2.0.0 OK");
            break;
          case "NOOP":
            await send("250 2.0.0 OK");
            break;
          case "QUIT":
            await send("221 2.0.0 Bye");
            return;
          default:
            await send("502 5.5.2 Command not recognized");
        }
      }
    } catch {
      // The client went away, or stop() closed the connection.
    } finally {
      conns.delete(conn);
      try {
        conn.close();
      } catch {
        // already closed
      }
    }
  }

  const accepting = (async () => {
    try {
      for await (const conn of listener) {
        if (stopped) {
          conn.close();
          continue;
        }
        conns.add(conn);
        const h = session(conn);
        handlers.add(h);
        h.finally(() => handlers.delete(h));
      }
    } catch {
      // listener closed
    }
  })();

  return {
    port,
    messages,
    url: (auth) =>
      auth
        ? `smtp://${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.pass)}@127.0.0.1:${port}`
        : `smtp://127.0.0.1:${port}`,
    waitForMessage(match = () => true, timeoutMs = 10_000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (m: ReceivedMessage) => {
            clearTimeout(timer);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`SMTP sink: no matching message within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    failNext(n) {
      failures = n;
    },
    async stop() {
      stopped = true;
      listener.close();
      await accepting;
      for (const conn of conns) {
        try {
          conn.close();
        } catch {
          // already closed
        }
      }
      await Promise.all([...handlers]);
    },
  };
}

/** A parsed message: lower-cased header names (unfolded) and the decoded text and HTML bodies. */
export interface ParsedMessage {
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf("\r\n\r\n");
  const head = at >= 0 ? raw.slice(0, at) : raw;
  const body = at >= 0 ? raw.slice(at + 4) : "";
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Decodes quoted-printable text (soft line breaks `=` CRLF and `=XX` escapes) as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i];
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...new TextEncoder().encode(ch));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? "7bit").toLowerCase();
  if (enc === "quoted-printable") return decodeQuotedPrintable(body);
  if (enc === "base64") {
    return new TextDecoder().decode(Uint8Array.from(atob(body.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
  }
  return body;
}

/** Parses a raw message as nodemailer writes it: a single part, or multipart with text and HTML parts. */
export function parseMessage(raw: string): ParsedMessage {
  const top = splitHead(raw);
  const out: ParsedMessage = { headers: top.headers, text: null, html: null };
  function walk(headers: Record<string, string>, body: string) {
    const type = (headers["content-type"] ?? "text/plain").toLowerCase();
    if (type.startsWith("multipart/")) {
      const boundary = /boundary="?([^";]+)"?/i.exec(headers["content-type"])?.[1];
      if (!boundary) return;
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith("--")) break;
        const p = splitHead(part.replace(/^\r\n/, ""));
        walk(p.headers, p.body.replace(/\r\n$/, ""));
      }
      return;
    }
    const decoded = decodeBody(body, headers["content-transfer-encoding"]);
    if (type.startsWith("text/plain") && out.text === null) out.text = decoded;
    else if (type.startsWith("text/html") && out.html === null) out.html = decoded;
  }
  walk(top.headers, top.body);
  return out;
}

/** The plain-text body of a received message. */
export function textBody(message: ReceivedMessage): string {
  return parseMessage(message.raw).text ?? "";
}

/** The first /reset-password?token= link in the message's plain text. */
export function resetLinkIn(message: ReceivedMessage): string {
  const link = /https?:\/\/[^\s]+\/reset-password\?token=[A-Za-z0-9]+/.exec(textBody(message))?.[0];
  if (!link) throw new Error("SMTP sink: the message has no reset link");
  return link;
}
