/**
 * One definition per state-changing action: its input and output schemas, who may call it, a
 * summary, and the handler. Two generic adapters serve it: `jsonRoute` under /api (zod validation ->
 * 400 `{ error, message, issues }`, output checked against its schema) and `formRoute` for the
 * no-JavaScript form twin (redirect with a flash, or the page again). /api/openapi.json reads the
 * same definitions (docs/decisions/0035-action-definitions-and-openapi.md).
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { z } from "zod";
import type { AppEnv } from "./context.ts";
import { AppError, type ErrorCode, ValidationError } from "../lib/errors.ts";
import { logError, ServiceError } from "../lib/error_log.ts";
import { requireRole, requireUser } from "./guards.ts";
import { CONTROL_CHARACTER_MESSAGE, controlCharacterPath, validate, validationError } from "./validate.ts";
import { type Auth, describeHandler, servedActionOf } from "./route_meta.ts";

export type { Auth };

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface Action<I extends z.ZodType | undefined, O extends z.ZodType> {
  method: Method;
  /** Path under /api in Hono's syntax ("/cart/:id"). */
  path: string;
  /** The same action under other methods or paths kept for the spec's client (PATCH beside PUT...). */
  aliases?: { method: Method; path: string }[];
  /** The JSON body's schema; undefined for an action without a body. */
  input: I;
  output: O;
  /**
   * The success status (200 unless set; a handler may still call c.status for a variant answer).
   * 204 answers with no body: the output schema is then `z.null()` and the handler returns null.
   */
  status?: 200 | 201 | 204;
  auth: Auth;
  /**
   * Route middleware that runs after the guard and before the body is read: a body size limit, a
   * path-parameter validator. Kept in the route's chain so /api/openapi.json sees validators there.
   */
  // deno-lint-ignore no-explicit-any
  middleware?: MiddlewareHandler<any, string, any>[];
  summary: string;
  /** The stable codes of the refusals a client may need to tell apart (lib/error_codes.ts), for OpenAPI. */
  errors?: readonly ErrorCode[];
  handler: (c: Context<AppEnv>, input: I extends z.ZodType ? z.output<I> : undefined) => Promise<z.input<O>>;
}

// deno-lint-ignore no-explicit-any
export type AnyAction = Action<any, z.ZodType>;

/** What a JSON route of `A` answers (islands type their calls with it: a changed shape breaks the check). */
export type ActionOutput<A> = A extends Action<infer _I, infer O> ? z.output<O> : never;

/** Declares an action (an identity function that keeps the types of input and output). */
export function defineAction<I extends z.ZodType | undefined, O extends z.ZodType>(action: Action<I, O>): Action<I, O> {
  return action;
}

/**
 * The path parameters as a `validate("param", schema)` in the action's `middleware` parsed them
 * (the schema is passed for its type only: the validator has already answered 400 on bad input).
 */
export function validParams<S extends z.ZodType>(c: Context<AppEnv>, _schema: S): z.output<S> {
  return (c.req.valid as (target: "param") => z.output<S>)("param");
}

/** The query string as a `validate("query", schema)` in the action's `middleware` parsed it. */
export function validQuery<S extends z.ZodType>(c: Context<AppEnv>, _schema: S): z.output<S> {
  return (c.req.valid as (target: "query") => z.output<S>)("query");
}

/** The action a route-table handler serves, if it was mounted by jsonRoute. */
export function actionOf(handler: unknown): AnyAction | undefined {
  return servedActionOf(handler) as AnyAction | undefined;
}

/** The guard for an auth rule; null for public. */
export function guardFor(auth: Auth): MiddlewareHandler<AppEnv> | null {
  if (auth === "customer") return requireUser();
  if (auth === "admin") return requireRole("admin");
  if (auth === "super_admin") return requireRole("super_admin");
  return null;
}

/**
 * Mounts `action` (and its aliases) on `app`: guard, validation, handler, checked output. `app` is
 * the sub-app mounted at `base` under /api ("/cart"); only the action's paths under `base` are
 * mounted there, so an action keeps its place among the resource's other routes.
 */
export function jsonRoute(app: Hono<AppEnv>, action: AnyAction, base = "") {
  const guard = guardFor(action.auth);
  const body = action.input ? validate("json", action.input) : null;
  const handler = async (c: Context<AppEnv>) => {
    // deno-lint-ignore no-explicit-any
    const input = body ? (c.req.valid as (t: "json") => any)("json") : undefined;
    if (action.status && action.status !== 204) c.status(action.status);
    let result: unknown;
    try {
      result = await action.handler(c, input);
    } catch (err) {
      // A failure on our side that carries the spec's fallback text for the action ('Login failed...').
      if (err instanceof ServiceError) return c.json({ error: err.message }, 500);
      throw err;
    }
    const output = action.output.parse(result);
    if (action.status === 204) return c.body(null, 204);
    return c.json(output);
  };
  describeHandler(handler, action);
  const chain = [...(guard ? [guard] : []), ...(action.middleware ?? []), ...(body ? [body] : []), handler];
  for (const { method, path } of actionPaths(action)) {
    if (path !== base && !path.startsWith(`${base}/`)) continue;
    // deno-lint-ignore no-explicit-any
    (app.on as any)(method.toUpperCase(), path.slice(base.length) || "/", ...chain);
  }
}

/** Mounts each of `actions` on `app` (the sub-app at `base`), in order: a fixed path before the "/:id" beside it. */
export function jsonRoutes(app: Hono<AppEnv>, base: string, actions: readonly AnyAction[]) {
  for (const action of actions) jsonRoute(app, action, base);
}

/**
 * A resource's sub-app, mounted at `base` under /api, that serves `actions` as JSON routes in order;
 * `use` (a guard, privateNoStore) runs before every one of them.
 */
export function actionApi(
  base: string,
  actions: readonly AnyAction[],
  ...use: MiddlewareHandler<AppEnv>[]
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (use.length) app.use("*", ...use);
  jsonRoutes(app, base, actions);
  return app;
}

/** Every method and path an action answers on: its own, then its aliases. */
export function actionPaths(action: AnyAction): { method: Method; path: string }[] {
  return [{ method: action.method, path: action.path }, ...(action.aliases ?? [])];
}

export interface FormOptions<A extends AnyAction> {
  /** The form's own path (pages side, e.g. "/cart/items/:id"). */
  path: string;
  /**
   * The form fields as the action's input (forms send strings; the input schema coerces). It may
   * wait (an uploaded file stored first, its address then part of the input: c.req.parseBody()
   * answers the body already read) and may refuse with an AppError (a confirm box left unticked).
   */
  input?: (fields: Record<string, string>, c: Context<AppEnv>) => unknown;
  /**
   * Route middleware in place of the action's own (a form's larger body limit: a form-encoded or
   * multipart body is bigger than the same JSON). Carry over any validator the handler reads.
   */
  // deno-lint-ignore no-explicit-any
  middleware?: MiddlewareHandler<any, string, any>[];
  /**
   * A visitor's post to a customer's action, in place of the sign-in redirect every other form
   * gets: for a form whose sign-in must carry what was asked (the wishlist heart saves the product
   * once the visitor has signed in).
   */
  visitor?: (c: Context<AppEnv>, fields: Record<string, string>) => Response | Promise<Response>;
  /** After success: set a flash and redirect (a Response). */
  onSuccess: (
    c: Context<AppEnv>,
    output: ActionOutput<A>,
    input: A extends Action<infer I, z.ZodType> ? I extends z.ZodType ? z.output<I> : undefined : never,
    fields: Record<string, string>,
  ) => Response | Promise<Response>;
  /** After a refusal (validation or a domain's AppError): a flash and redirect, or the page again. */
  onError: (c: Context<AppEnv>, err: AppError, fields: Record<string, string>) => Response | Promise<Response>;
  /**
   * After a failure on our side (logged): the form again with the customer's input and a "please
   * try again", so nothing typed is lost. Omitted, or null: the shop's error page (500).
   */
  onUnexpected?: (
    c: Context<AppEnv>,
    fields: Record<string, string>,
    /** A ServiceError's text (the spec's fallback for the action), else null. */
    message: string | null,
  ) => Response | null | Promise<Response | null>;
}

/**
 * A refusal's messages by form field (the first per top-level field; "form" for one about the whole
 * form), for showing a form again beside its fields. Empty for a refusal that is not about fields.
 */
export function fieldMessages(err: AppError): Record<string, string> {
  const out: Record<string, string> = {};
  if (!(err instanceof ValidationError)) return out;
  for (const issue of err.issues) out[issue.path.split(".")[0] || "form"] ??= issue.message;
  if (!err.issues.length) out.form = err.message;
  return out;
}

/** The posted form's text fields (files and repeated names are not part of any action's form). */
export async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === "string")) as Record<string, string>;
}

const formTwins = new WeakMap<object, AnyAction>();

/** The action a route-table handler serves as a form, if it was mounted by formRoute (tests list them). */
export function formActionOf(handler: unknown): AnyAction | undefined {
  return typeof handler === "function" ? formTwins.get(handler) : undefined;
}

/**
 * Mounts the no-JavaScript twin of `action` as a POST form route on `app`: the same guard (a visitor
 * is sent to sign in), the same input schema and handler; success and refusal are the page's to tell.
 */
export function formRoute<A extends AnyAction>(app: Hono<AppEnv>, action: A, options: FormOptions<A>) {
  const guard = guardFor(action.auth);
  const handler = async (c: Context<AppEnv>) => {
    const fields = await formFields(c);
    let output: ActionOutput<A>;
    // deno-lint-ignore no-explicit-any
    let input: any = undefined;
    try {
      if (action.input) {
        const raw = options.input ? await options.input(fields, c) : fields;
        const bad = controlCharacterPath(raw);
        if (bad) throw new ValidationError(CONTROL_CHARACTER_MESSAGE, [{ path: bad.join("."), message: "" }]);
        const parsed = action.input.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error);
        input = parsed.data;
      }
      output = action.output.parse(await action.handler(c, input)) as ActionOutput<A>;
    } catch (err) {
      if (err instanceof AppError) return options.onError(c, err, fields);
      if (!options.onUnexpected) throw err;
      // A ServiceError was logged where it was thrown, and carries the text to show.
      const message = err instanceof ServiceError ? err.message : null;
      const page = await options.onUnexpected(c, fields, message);
      if (!page) throw err;
      if (message === null) logError("form action failed", err, { requestId: c.get("requestId"), path: c.req.path });
      return page;
    }
    return options.onSuccess(c, output, input, fields);
  };
  formTwins.set(handler, action);
  // The action's own middleware too (body limits, path-parameter validators its handler reads): the
  // form path names its parameters as the action's path does.
  const { visitor } = options;
  const visitorFirst: MiddlewareHandler<AppEnv>[] = visitor && action.auth !== "public"
    ? [async (c, next) => c.var.user ? await next() : await visitor(c, await formFields(c))]
    : [];
  const chain = [
    ...visitorFirst,
    ...(guard ? [guard] : []),
    ...(options.middleware ?? action.middleware ?? []),
    handler,
  ];
  // deno-lint-ignore no-explicit-any
  (app.post as any)(options.path, ...chain);
}
