/**
 * /api/admin/users (admin and super_admin): GET ?q=&role=&page= -> { items, total }, GET /{id} with
 * orders, points and addresses, PATCH /{id} { role?, disabled? } (roles: super_admin only, else 403).
 */
import { z } from "zod";
import { changeUser, listUsers, staffSchemas, type StaffUserRow } from "../../domains/accounts/mod.ts";
import { getUserDetail } from "../../flows/staff_user_detail.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams, validQuery } from "../action.ts";
import { addressJson, addressSchema } from "./addresses.ts";
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

/** staffUserJson's shape. */
const staffUserSchema = userSchema.omit({ defaultShippingAddressId: true, defaultBillingAddressId: true }).extend({
  disabled: z.boolean(),
  disabledAt: z.string().nullable(),
  deleted: z.boolean(),
});

export const listUsersAction = defineAction({
  method: "get",
  path: "/admin/users",
  input: undefined,
  output: z.object({ items: z.array(staffUserSchema), total: z.number().int() }),
  auth: "admin",
  middleware: [validate("query", staffSchemas.userListQuery)],
  summary: "Users by username, e-mail or name and role (25 a page)",
  handler: async (c) => {
    const { items, total } = await listUsers(c.var.db, validQuery(c, staffSchemas.userListQuery));
    return { items: items.map(staffUserJson), total };
  },
});

export const getUserAction = defineAction({
  method: "get",
  path: "/admin/users/:id",
  input: undefined,
  output: staffUserSchema.extend({
    points: z.number().int(),
    orders: z.array(z.object({
      id: z.number().int(),
      orderNumber: z.string(),
      status: z.string(),
      total: z.number().describe("Rand"),
      createdAt: z.string(),
    })),
    addresses: z.array(addressSchema),
  }),
  auth: "admin",
  middleware: [validate("param", staffSchemas.userIdParam)],
  summary: "One user with their last 50 orders, loyalty points and addresses",
  handler: async (c) => {
    const u = await getUserDetail(c.var.db, validParams(c, staffSchemas.userIdParam).id);
    return {
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
    };
  },
});

export const changeUserAction = defineAction({
  method: "patch",
  path: "/admin/users/:id",
  input: staffSchemas.userPatchBody,
  output: staffUserSchema,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", staffSchemas.userIdParam)],
  summary: "Disable or enable a user, or change their role (roles: super_admin only)",
  handler: async (c, input) =>
    staffUserJson(
      await changeUser(c.var.db, currentUser(c), validParams(c, staffSchemas.userIdParam).id, input),
    ),
});

export function adminUserApi() {
  return actionApi("/admin/users", [listUsersAction, getUserAction, changeUserAction], requireRole("admin"));
}
