/**
 * /api/admin/users (admin and super_admin): GET ?q=&role=&page= -> { items, total }, GET /{id} with
 * orders, points and addresses, PATCH /{id} { role?, disabled? } (roles: super_admin only, else 403).
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context.ts";
import { changeUser, getUserDetail, listUsers, staffSchemas, type StaffUserRow } from "../../domains/accounts/mod.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { defineAction, jsonRoute, validParams } from "../action.ts";
import { addressJson } from "./addresses.ts";
import { userSchema } from "./auth.ts";

/** A user as the admin API answers it: never the password hash. */
export function staffUserJson(u: StaffUserRow) {
  const { disabledAt, deletedAt, createdAt, ...profile } = u;
  return {
    ...profile,
    disabled: disabledAt !== null,
    disabledAt: disabledAt?.toISOString() ?? null,
    deleted: deletedAt !== null,
    createdAt: createdAt.toISOString(),
  };
}

export const changeUserAction = defineAction({
  method: "patch",
  path: "/admin/users/:id",
  input: staffSchemas.userPatchBody,
  output: userSchema.omit({ vatNumber: true, defaultShippingAddressId: true, defaultBillingAddressId: true }).extend({
    disabled: z.boolean(),
    disabledAt: z.string().nullable(),
    deleted: z.boolean(),
  }),
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", staffSchemas.userIdParam)],
  summary: "Disable or enable a user, or change their role (roles: super_admin only)",
  handler: async (c, input) =>
    staffUserJson(
      await changeUser(c.var.db, currentUser(c), validParams(c, staffSchemas.userIdParam).id, input),
    ),
});

export function adminUserApi() {
  const app = new Hono<AppEnv>();
  app.use("*", requireRole("admin"));
  app.get("/", validate("query", staffSchemas.userListQuery), async (c) => {
    const { items, total } = await listUsers(c.var.db, c.req.valid("query"));
    return c.json({ items: items.map(staffUserJson), total });
  });
  app.get("/:id", validate("param", staffSchemas.userIdParam), async (c) => {
    const u = await getUserDetail(c.var.db, c.req.valid("param").id);
    return c.json({
      ...staffUserJson(u),
      points: u.points,
      orders: u.orders.map((o) => ({
        id: o.id,
        orderNumber: o.orderNumber,
        status: o.status,
        total: toRand(o.totalCents),
        createdAt: o.createdAt.toISOString(),
      })),
      addresses: u.addresses.map(addressJson),
    });
  });
  jsonRoute(app, changeUserAction, "/admin/users");
  return app;
}
