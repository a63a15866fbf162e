/**
 * GET /api/openapi.json and GET /api/docs: the API's description, generated at request time from the
 * app's own route table (so no route can be missing) and from what the routes declare: the action
 * definitions (routes/action.ts: summary, input and output schemas, auth), and for the other routes
 * the guards and zod validators they are mounted with (routes/route_meta.ts).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { actionOf, type AnyAction } from "../action.ts";
import { ERROR_CODES } from "../../lib/errors.ts";
import { type Auth, guardRuleOf, validatorOf } from "../route_meta.ts";
import { SESSION_COOKIE } from "../session.ts";
import { renderPage } from "../render.tsx";

/** One entry of Hono's `app.routes`. */
export interface RouteEntry {
  method: string;
  path: string;
  handler: unknown;
}

/** One /api operation as the table and its tags describe it. */
export interface Operation {
  method: string;
  /** Hono's path ("/api/cart/:id"). */
  path: string;
  /** OpenAPI's path ("/api/cart/{id}"). */
  openApiPath: string;
  auth: Auth;
  action?: AnyAction;
  validators: { target: string; schema: z.ZodType }[];
}

const AUTH_RANK: Record<Auth, number> = { public: 0, customer: 1, admin: 2, super_admin: 3 };

/** "/api/orders/*" covers "/api/orders" and everything under it; "*" covers all; else exact. */
function covers(pattern: string, path: string): boolean {
  if (pattern === "*" || pattern === "/*") return true;
  if (pattern.endsWith("/*")) {
    const prefix = pattern.slice(0, -2);
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return pattern === path;
}

/** ":id" -> "{id}", ":slug{[a-z-]+}" -> "{slug}". */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
}

/**
 * Every operation under /api in `routes` (Hono's table: one entry per handler, middleware as method
 * ALL), with the strongest guard that applies to it and the validators in its chain.
 */
export function apiOperations(routes: readonly RouteEntry[]): Operation[] {
  // Positions matter: a middleware registered after a route's handler never runs for it.
  const api = routes.map((r, index) => ({ ...r, index })).filter((r) =>
    r.path === "/api" || r.path.startsWith("/api/")
  );
  const middleware = api.filter((r) => r.method === "ALL");
  const groups = new Map<string, (RouteEntry & { index: number })[]>();
  for (const r of api) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const operations: Operation[] = [];
  for (const entries of groups.values()) {
    const { method, path, index: first } = entries[0];
    const before = middleware.filter((m) => m.index < first && covers(m.path, path));
    const chain = [...before, ...entries].map((e) => e.handler);
    let auth: Auth = "public";
    for (const h of chain) {
      const rule = guardRuleOf(h);
      if (rule && AUTH_RANK[rule] > AUTH_RANK[auth]) auth = rule;
    }
    const action = chain.map(actionOf).find((a) => a !== undefined);
    const validators = chain.map(validatorOf).filter((v) => v !== undefined);
    operations.push({ method, path, openApiPath: openApiPath(path), auth: action?.auth ?? auth, action, validators });
  }
  return operations.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** A zod schema as JSON Schema; a schema zod cannot express (a custom check) becomes `{}` there. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
      string,
      unknown
    >;
    return rest;
  } catch {
    return {};
  }
}

const SECURITY: Record<Auth, { description: string; security: Record<string, string[]>[] }> = {
  public: { description: "Anyone, signed in or not.", security: [] },
  customer: { description: "A signed-in user (any role).", security: [{ sessionCookie: [] }] },
  admin: { description: "Staff: admin or super_admin.", security: [{ sessionCookie: [] }] },
  super_admin: { description: "super_admin only.", security: [{ sessionCookie: [] }] },
};

const errorResponse = {
  description: "Refused: `{ error, message, code?, field?, issues? }` (error is what the client shows; code is " +
    "stable for the refusals an operation lists in x-error-codes)",
  content: {
    "application/json": {
      schema: {
        type: "object",
        properties: {
          error: { type: "string" },
          message: { type: "string" },
          code: { type: "string", enum: Object.values(ERROR_CODES) },
          field: { type: "string" },
          issues: {
            type: "array",
            items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } } },
          },
        },
        required: ["error"],
      },
    },
  },
};

/** The OpenAPI 3.1 document for `routes`. */
export function openApiDocument(routes: readonly RouteEntry[], siteName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of apiOperations(routes)) {
    const method = op.method.toLowerCase();
    const parameters: unknown[] = [...op.openApiPath.matchAll(/\{([^}]+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    let requestBody: unknown = undefined;
    const body = op.action?.input
      ? { target: "json", schema: op.action.input as z.ZodType }
      : op.validators.find((v) => v.target === "json" || v.target === "form");
    if (body) {
      const type = body.target === "form" ? "multipart/form-data" : "application/json";
      requestBody = { required: true, content: { [type]: { schema: jsonSchema(body.schema, "input") } } };
    }
    for (const v of op.validators) {
      if (v.target !== "query") continue;
      const schema = jsonSchema(v.schema, "input");
      const properties = (schema.properties ?? {}) as Record<string, unknown>;
      const required = new Set((schema.required ?? []) as string[]);
      for (const [name, s] of Object.entries(properties)) {
        parameters.push({ name, in: "query", required: required.has(name), schema: s });
      }
    }
    const success = !op.action
      ? { "200": { description: "Success (response schema not declared yet)" } }
      : op.action.status === 204
      ? { "204": { description: "Success, no content" } }
      : {
        [String(op.action.status ?? 200)]: {
          description: "Success",
          content: { "application/json": { schema: jsonSchema(op.action.output, "output") } },
        },
      };
    const auth = SECURITY[op.auth];
    paths[op.openApiPath] ??= {};
    paths[op.openApiPath][method] = {
      operationId: `${method}${
        op.openApiPath.replace(/[{}]/g, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, ch) => (ch ?? "").toUpperCase())
      }`,
      summary: op.action?.summary ?? `${op.method} ${op.path}`,
      description: `Who may call it: ${auth.description}`,
      "x-auth": op.auth,
      ...(op.action?.errors?.length ? { "x-error-codes": op.action.errors } : {}),
      ...(op.auth !== "public" ? { security: auth.security } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: {
        ...success,
        "400": errorResponse,
        ...(op.auth !== "public" ? { "401": errorResponse } : {}),
        ...(op.auth === "admin" || op.auth === "super_admin" || op.method !== "GET" ? { "403": errorResponse } : {}),
        "404": errorResponse,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: `${siteName} API`,
      version: "1",
      description: "The shop's JSON API. Money is in rand (ZAR) as numbers. State-changing requests from a browser " +
        "must come from the shop's own origin (the Origin or Sec-Fetch-Site header); a client without those " +
        "headers may not send a session cookie.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The session cookie." },
        csrfOrigin: {
          type: "apiKey",
          in: "header",
          name: "Origin",
          description: "CSRF protection: POST, PUT, PATCH and DELETE need the shop's own Origin (or " +
            "Sec-Fetch-Site: same-origin) when they carry the session cookie; otherwise 403.",
        },
      },
    },
    paths,
  };
}

type Document = ReturnType<typeof openApiDocument>;

/** The /api/docs page: every operation, who may call it, and its schemas. Server-rendered, no script. */
function DocsPage({ doc }: { doc: Document }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">{doc.info.title}</h1>
      <p className="mt-2 text-stone-700">{doc.info.description}</p>
      <p className="mt-2">
        Machine-readable: <a className="underline" href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).
      </p>
      {Object.entries(doc.paths).map(([path, methods]) =>
        Object.entries(methods).map(([method, raw]) => {
          const op = raw as {
            operationId: string;
            summary: string;
            description: string;
            requestBody?: { content: Record<string, { schema: unknown }> };
            parameters?: unknown[];
            responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
          };
          const response = Object.entries(op.responses).find(([status]) => status.startsWith("2"));
          const responseSchema = response?.[1].content?.["application/json"]?.schema;
          const request = op.requestBody ? Object.values(op.requestBody.content)[0]?.schema : undefined;
          return (
            <section key={op.operationId} id={op.operationId} className="mt-6 rounded-xl border border-stone-200 p-4">
              <h2 className="font-mono text-lg font-semibold">
                <span className="uppercase">{method}</span> {path}
              </h2>
              <p className="mt-1">{op.summary}</p>
              <p className="text-sm text-stone-600">{op.description}</p>
              {op.parameters?.length ? <Schema title="Parameters" schema={op.parameters} /> : null}
              {request ? <Schema title="Request body" schema={request} /> : null}
              {responseSchema ? <Schema title={`Response ${response?.[0]}`} schema={responseSchema} /> : null}
            </section>
          );
        })
      )}
    </main>
  );
}

function Schema({ title, schema }: { title: string; schema: unknown }) {
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-sm font-semibold">{title}</summary>
      <pre className="mt-1 overflow-x-auto rounded bg-stone-100 p-2 text-xs">{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

/** The description routes; `routes` reads the whole app's table when a request comes. */
export function openApiRoutes(routes: () => readonly RouteEntry[]) {
  const app = new Hono<AppEnv>();
  app.get("/openapi.json", (c) => c.json(openApiDocument(routes(), c.var.config.shop.name)));
  app.get("/docs", (c) =>
    renderPage(c, {
      head: { title: "API reference", canonicalPath: "/api/docs", noindex: true },
      body: <DocsPage doc={openApiDocument(routes(), c.var.config.shop.name)} />,
    }));
  return app;
}
