/**
 * A tiny S3-compatible object store on 127.0.0.1 for tests: path-style PUT, GET and DELETE of objects
 * in one bucket. Every request must carry a well-formed AWS Signature V4 Authorization header for the
 * test's access key, and the fake recomputes the signature itself (an implementation independent of
 * the shop's signer, after AWS's documented algorithm) and answers 403 SignatureDoesNotMatch as S3
 * does when it differs. PUT bodies must match their x-amz-content-sha256 (a hash, not UNSIGNED-PAYLOAD).
 */
import { createHash, createHmac } from "node:crypto";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, { bytes: Uint8Array; contentType: string; cacheControl: string | null }>;
  /** Every request: method, key, and the status answered. */
  log: { method: string; key: string; status: number }[];
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([A-Z0-9]+)\/(\d{8})\/([a-z0-9-]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

function xmlError(code: string, status: number) {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`, {
    status,
    headers: { "Content-Type": "application/xml" },
  });
}

/** The signature S3 expects for this request (AWS Signature Version 4, single-encoded S3 paths). */
export function expectedSignature(
  req: { method: string; path: string; query: string; headers: Headers },
  signedHeaders: string[],
  secretAccessKey: string,
  scope: { date: string; region: string },
): string {
  const canonicalHeaders = signedHeaders.map((h) => `${h}:${(req.headers.get(h) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const query = [...new URLSearchParams(req.query)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
  const canonical = [
    req.method,
    req.path,
    query,
    canonicalHeaders,
    signedHeaders.join(";"),
    req.headers.get("x-amz-content-sha256") ?? "",
  ].join("\n");
  const credentialScope = `${scope.date}/${scope.region}/s3/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", req.headers.get("x-amz-date") ?? "", credentialScope, sha256(canonical)]
    .join("\n");
  let key = hmac(`AWS4${secretAccessKey}`, scope.date);
  key = hmac(key, scope.region);
  key = hmac(key, "s3");
  key = hmac(key, "aws4_request");
  return createHmac("sha256", key).update(stringToSign).digest("hex");
}

export function startFakeS3(opts: { bucket?: string; region?: string } = {}): FakeS3 {
  const bucket = opts.bucket ?? "reptile-media";
  const region = opts.region ?? "af-south-1";
  const accessKeyId = "AKIAFAKETESTKEY0001";
  const secretAccessKey = "fake/secret/key+for+tests";
  const objects: FakeS3["objects"] = new Map();
  const log: FakeS3["log"] = [];

  async function handle(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const prefix = `/${bucket}/`;
    if (!url.pathname.startsWith(prefix)) return xmlError("NoSuchBucket", 404);
    const key = decodeURIComponent(url.pathname.slice(prefix.length));
    const auth = AUTH.exec(req.headers.get("authorization") ?? "");
    if (!auth) return xmlError("AuthorizationHeaderMalformed", 400);
    const [, keyId, date, scopeRegion, signed, signature] = auth;
    if (keyId !== accessKeyId) return xmlError("InvalidAccessKeyId", 403);
    const amzDate = req.headers.get("x-amz-date") ?? "";
    if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date) || scopeRegion !== region) {
      return xmlError("AuthorizationHeaderMalformed", 400);
    }
    const signedHeaders = signed.split(";");
    for (const must of ["host", "x-amz-date", "x-amz-content-sha256"]) {
      if (!signedHeaders.includes(must)) return xmlError("AuthorizationHeaderMalformed", 400);
    }
    const expected = expectedSignature(
      { method: req.method, path: url.pathname, query: url.search, headers: req.headers },
      signedHeaders,
      secretAccessKey,
      { date, region },
    );
    if (expected !== signature) return xmlError("SignatureDoesNotMatch", 403);
    if (req.method === "PUT") {
      const bytes = new Uint8Array(await req.arrayBuffer());
      if (sha256(bytes) !== req.headers.get("x-amz-content-sha256")) return xmlError("XAmzContentSHA256Mismatch", 400);
      objects.set(key, {
        bytes,
        contentType: req.headers.get("content-type") ?? "binary/octet-stream",
        cacheControl: req.headers.get("cache-control"),
      });
      return new Response(null, { status: 200, headers: { ETag: `"${sha256(bytes).slice(0, 32)}"` } });
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError("NoSuchKey", 404);
      return new Response(object.bytes as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": object.contentType } });
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      return new Response(null, { status: 204 });
    }
    return xmlError("MethodNotAllowed", 405);
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const res = await handle(req);
    const url = new URL(req.url);
    log.push({ method: req.method, key: url.pathname.split("/").slice(2).join("/"), status: res.status });
    return res;
  });
  return {
    endpoint: `http://127.0.0.1:${server.addr.port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    log,
    close: () => server.shutdown(),
  };
}
