/**
 * /api/admin/users (admin and super_admin): GET ?q=&role=&page= -> { items, total }, GET /{id} with
 * orders and their figures, points, addresses and e-mail choices, PATCH /{id} { role?, disabled? }
 * (roles: super_admin only, else 403), PUT /{id}/note { note } (staff's note on the customer), PUT
 * /{id}/tags { tags } (staff's labels; the list filters by ?tag=), GET /tags (the tags in use) and POST
 * /tags/bulk { change, tag, ids | filter } (one tag on or off many accounts), POST /tags/rename { from, to }
 * and the automatic tags' /tag-rules (routes/api/admin_tag_rules.ts).
 */
import { z } from "zod";
import {
  changeUser,
  customerTagsInUse,
  setCustomerTags,
  setStaffNote,
  staffSchemas,
  type StaffUserRow,
} from "../../domains/accounts/mod.ts";
import { bulkTagMatching, getUserDetail, listUsersWithFigures } from "../../flows/staff_user_detail.ts";
import { renameCustomerTag } from "../../flows/rename_customer_tag.ts";
import { toRand } from "../../lib/money.ts";
import { currentUser, requireRole } from "../guards.ts";
import { validate } from "../validate.ts";
import { adminBodyLimit } from "../admin_limits.ts";
import { actionApi, defineAction, validParams, validQuery } from "../action.ts";
import { addressJson, addressSchema } from "./addresses.ts";
import { createTagRuleAction, deleteTagRuleAction, listTagRulesAction } from "./admin_tag_rules.ts";
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
  staffNote: z.string().nullable().describe("Staff's own note on the customer"),
  tags: z.array(z.string()).describe("Staff's labels for the customer, lower case"),
});

export const listUsersAction = defineAction({
  method: "get",
  path: "/admin/users",
  input: undefined,
  output: z.object({
    items: z.array(staffUserSchema.extend({
      paidOrders: z.number().int().describe("Paid orders, not cancelled"),
      spent: z.number().describe("Rand, VAT included, less refunds"),
    })),
    total: z.number().int(),
  }),
  auth: "admin",
  middleware: [validate("query", staffSchemas.userListQuery)],
  summary: "Users by username, e-mail or name, role and tag (25 a page), newest first or by purchases " +
    "(sort=spent, orders or last_order), with what each has bought",
  handler: async (c) => {
    const { items, total } = await listUsersWithFigures(c.var.db, validQuery(c, staffSchemas.userListQuery));
    return {
      items: items.map(({ figures, ...u }) => ({
        ...staffUserJson(u),
        paidOrders: figures.paidOrders,
        spent: toRand(figures.spentCents),
      })),
      total,
    };
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
    figures: z.object({
      paidOrders: z.number().int().describe("Paid orders, not cancelled"),
      spent: z.number().describe("Rand, VAT included, less refunds"),
      averageOrder: z.number().describe("Rand"),
      firstPaidAt: z.string().nullable(),
      lastPaidAt: z.string().nullable(),
    }),
    marketing: z.object({
      newsletter: z.enum(["subscribed", "unconfirmed", "unsubscribed", "never"]),
      cartReminders: z.boolean(),
      replacementReminders: z.boolean(),
      priceAlerts: z.boolean(),
    }),
  }),
  auth: "admin",
  middleware: [validate("param", staffSchemas.userIdParam)],
  summary: "One user with their last 50 orders, what they spent, loyalty points, addresses and e-mail choices",
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
      figures: {
        paidOrders: u.figures.paidOrders,
        spent: toRand(u.figures.spentCents),
        averageOrder: toRand(u.figures.averageCents),
        firstPaidAt: u.figures.firstPaidAt?.toISOString() ?? null,
        lastPaidAt: u.figures.lastPaidAt?.toISOString() ?? null,
      },
      marketing: u.marketing,
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

export const setUserNoteAction = defineAction({
  method: "put",
  path: "/admin/users/:id/note",
  input: staffSchemas.userNoteBody,
  output: staffUserSchema,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", staffSchemas.userIdParam)],
  summary: "Replace staff's note on a user (an empty note removes it); audited",
  handler: async (c, { note }) =>
    staffUserJson(await setStaffNote(c.var.db, currentUser(c), validParams(c, staffSchemas.userIdParam).id, note)),
});

export const setUserTagsAction = defineAction({
  method: "put",
  path: "/admin/users/:id/tags",
  input: staffSchemas.userTagsBody,
  output: staffUserSchema,
  auth: "admin",
  middleware: [adminBodyLimit(), validate("param", staffSchemas.userIdParam)],
  summary: "Replace a customer's tags (lower-cased, repeats dropped, at most 10; [] removes them); audited",
  handler: async (c, { tags }) =>
    staffUserJson(await setCustomerTags(c.var.db, currentUser(c), validParams(c, staffSchemas.userIdParam).id, tags)),
});

export const listUserTagsAction = defineAction({
  method: "get",
  path: "/admin/users/tags",
  input: undefined,
  output: z.object({ items: z.array(z.object({ tag: z.string(), accounts: z.number().int() })) }),
  auth: "admin",
  summary: "The customer tags in use with how many accounts carry each, most used first (at most 200)",
  handler: async (c) => ({ items: await customerTagsInUse(c.var.db) }),
});

export const bulkTagUsersAction = defineAction({
  method: "post",
  path: "/admin/users/tags/bulk",
  input: staffSchemas.bulkTagsBody,
  output: z.object({
    matched: z.number().int().describe("Accounts chosen (erased ones left out)"),
    changed: z.number().int().describe("Accounts whose tags changed; the others already had (or lacked) the tag"),
  }),
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Add one tag to, or remove it from, many accounts (ids, or the list's filter); all or none; audited",
  handler: async (c, input) => await bulkTagMatching(c.var.db, currentUser(c), input),
});

export const renameUserTagAction = defineAction({
  method: "post",
  path: "/admin/users/tags/rename",
  input: staffSchemas.renameTagBody,
  output: staffSchemas.renameTagResult,
  auth: "admin",
  middleware: [adminBodyLimit()],
  summary: "Rename a customer tag on every account and tagged coupon (to a tag in use: merge them); audited; " +
    "404 when nothing has it",
  handler: async (c, input) => await renameCustomerTag(c.var.db, currentUser(c), input),
});

export function adminUserApi() {
  return actionApi(
    "/admin/users",
    // The tags list and the rules before /{id}, which would take "tags" or "tag-rules" for an id.
    [
      listUsersAction,
      listUserTagsAction,
      listTagRulesAction,
      getUserAction,
      changeUserAction,
      setUserNoteAction,
      setUserTagsAction,
      bulkTagUsersAction,
      renameUserTagAction,
      createTagRuleAction,
      deleteTagRuleAction,
    ],
    requireRole("admin"),
  );
}
