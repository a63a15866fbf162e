/**
 * /admin/users: customers and staff (search, role filter, paging) and /admin/users/{id} (orders,
 * points, addresses; disable or re-enable; role changes for super_admin; tags and note), with the
 * bulk tag, tag rename and automatic tag forms. Forms post to
 * /admin/users/{id}, so every action works without JavaScript.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import {
  customerTagsInUse,
  listTagRules,
  staffSchemas,
  type TagRule,
  USER_PAGE_SIZE,
} from "../../domains/accounts/mod.ts";
import { getUserDetail, listUsersWithFigures, USERS_CSV_MAX_ROWS, usersCsv } from "../../flows/staff_user_detail.ts";
import { ValidationError } from "../../lib/errors.ts";
import { UserDetailView, UserListView } from "../../components/admin/users/UserViews.tsx";
import { ROLE_LABELS } from "../../components/admin/shared/AdminTable.tsx";
import { currentUser } from "../guards.ts";
import { setFlash } from "../flash.ts";
import { formRoute } from "../action.ts";
import {
  bulkTagUsersAction,
  changeUserAction,
  renameUserTagAction,
  setUserNoteAction,
  setUserTagsAction,
} from "../api/admin_users.ts";
import { createTagRuleAction, deleteTagRuleAction, tagRuleJson } from "../api/admin_tag_rules.ts";
import type { TagRuleRow } from "../../components/admin/users/TagRules.tsx";
import { renderAdminPage } from "./render.tsx";
import { csvDownload } from "./csv_download.ts";
import { tickedIds } from "../../lib/bulk_ids.ts";

const ACTIVE = "/admin/users";

function parseOr400<T>(
  result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } },
): T {
  if (!result.success) throw new ValidationError(result.error.issues[0]?.message ?? "Invalid request");
  return result.data;
}

/** The bulk tag form's fields as the action's input: the ticked rows (`id_<n>`) or the list's filter. */
function bulkTagFormInput(fields: Record<string, string>): unknown {
  const target = fields.scope === "filter" ? { filter: sentFilter(fields) } : { ids: tickedIds(fields) };
  return { change: fields.change, tag: fields.tag ?? "", ...target };
}

/** The list as it was when the bulk form was sent: its search, filters and page. */
function backToList(fields: Record<string, string>): string {
  const s = new URLSearchParams();
  for (const key of [...staffSchemas.USER_FILTER_KEYS, "sort", "page"]) {
    const v = fields[`f_${key}`];
    if (v && !(key === "page" && v === "1")) s.set(key, v);
  }
  return `${ACTIVE}${s.size ? `?${s}` : ""}`;
}

/** A rule as the list shows it, with a link to the accounts its filter finds. */
function tagRuleRow(rule: TagRule): TagRuleRow {
  const json = tagRuleJson(rule);
  const filter = staffSchemas.userListFilter.safeParse(rule.filter);
  const params = filter.success ? staffSchemas.userFilterParams(filter.data) : null;
  const query = params ? new URLSearchParams(Object.entries(params).filter(([, v]) => v)) : null;
  return { ...rule, description: json.description, href: `${ACTIVE}${query?.size ? `?${query}` : ""}` };
}

/** The list's filter as a form sent it in its `f_` fields (the bulk tag and automatic tag forms). */
function sentFilter(fields: Record<string, string>) {
  return Object.fromEntries(staffSchemas.USER_FILTER_KEYS.map((k) => [k, fields[`f_${k}`] || undefined]));
}

export function usersAdmin() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const query = parseOr400(staffSchemas.userListQuery.safeParse(c.req.query()));
    const [{ items, total }, tagsInUse, rules] = await Promise.all([
      listUsersWithFigures(c.var.db, query),
      customerTagsInUse(c.var.db),
      listTagRules(c.var.db),
    ]);
    return renderAdminPage(c, {
      title: "Customers and staff",
      active: ACTIVE,
      body: (
        <UserListView
          items={items}
          total={total}
          filter={staffSchemas.userFilterParams(query)}
          sort={query.sort}
          tagsInUse={tagsInUse}
          rules={rules.map(tagRuleRow)}
          page={query.page}
          pageSize={USER_PAGE_SIZE}
          csvMaxRows={USERS_CSV_MAX_ROWS}
        />
      ),
    });
  });

  // Before /:id, which would take "export.csv" for an id.
  app.get("/export.csv", async (c) => {
    const { page: _page, sort: _sort, ...filter } = parseOr400(staffSchemas.userListQuery.safeParse(c.req.query()));
    return csvDownload(c, `customers-${new Date().toISOString().slice(0, 10)}.csv`, await usersCsv(c.var.db, filter));
  });

  // The form twin of POST /api/admin/users/tags/bulk; before /:id, which would take "tags" for an id.
  formRoute(app, bulkTagUsersAction, {
    path: "/tags",
    input: bulkTagFormInput,
    onSuccess: (c, out, input, fields) => {
      const done = input.change === "add" ? `Added "${input.tag}" to` : `Removed "${input.tag}" from`;
      const accounts = (n: number) => `${n} ${n === 1 ? "account" : "accounts"}`;
      const already = out.matched - out.changed;
      setFlash(c, {
        title: "Tags updated",
        description: `${done} ${accounts(out.changed)}.` +
          (already ? ` ${accounts(already)} ${input.change === "add" ? "had it" : "did not have it"} already.` : ""),
        variant: "success",
      });
      return c.redirect(backToList(fields), 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Nothing was changed", description: err.message, variant: "destructive" });
      return c.redirect(backToList(fields), 303);
    },
  });

  // The form twin of POST /api/admin/users/tags/rename: back on the list filtered by the new name.
  formRoute(app, renameUserTagAction, {
    path: "/tags/rename",
    input: (fields) => ({ from: fields.from ?? "", to: fields.to ?? "" }),
    onSuccess: (c, out, input) => {
      const n = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;
      setFlash(c, {
        title: "Tag renamed",
        description: `"${input.from}" is now "${input.to}" on ${n(out.accounts, "account")}` +
          (out.coupons ? ` and ${n(out.coupons, "coupon")}.` : ".") +
          (out.rules ? ` ${n(out.rules, "automatic tag rule")} ${out.rules === 1 ? "uses" : "use"} the new name.` : ""),
        variant: "success",
      });
      return c.redirect(`${ACTIVE}?${new URLSearchParams({ tag: input.to })}`, 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "Nothing was changed", description: err.message, variant: "destructive" });
      const from = staffSchemas.customerTag.safeParse(fields.from);
      return c.redirect(backToList({ f_tag: from.success ? from.data : "" }), 303);
    },
  });

  // The form twins of POST and DELETE /api/admin/users/tag-rules (decision 0115); before /:id.
  formRoute(app, createTagRuleAction, {
    path: "/tag-rules",
    input: (fields) => ({ tag: fields.tag ?? "", filter: sentFilter(fields) }),
    onSuccess: (c, rule, _input, fields) => {
      const n = (count: number) => `${count} ${count === 1 ? "account" : "accounts"}`;
      setFlash(c, {
        title: "Automatic tag kept",
        description: `"${rule.tag}" is on ${n(rule.lastAdded)} more now` +
          (rule.lastRemoved ? ` and came off ${n(rule.lastRemoved)}` : "") +
          "; it follows this filter every hour.",
        variant: "success",
      });
      return c.redirect(backToList(fields), 303);
    },
    onError: (c, err, fields) => {
      setFlash(c, { title: "No automatic tag was made", description: err.message, variant: "destructive" });
      return c.redirect(backToList(fields), 303);
    },
  });
  formRoute(app, deleteTagRuleAction, {
    path: "/tag-rules/:id/delete",
    onSuccess: (c, rule) => {
      setFlash(c, {
        title: "Automatic tag stopped",
        description: `"${rule.tag}" stays on the accounts that carry it; no rule adds or removes it now.`,
        variant: "success",
      });
      return c.redirect(ACTIVE, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Nothing was changed", description: err.message, variant: "destructive" });
      return c.redirect(ACTIVE, 303);
    },
  });

  async function detail(c: Context<AppEnv>, id: number, refusal?: { message: string; status: 400 | 403 | 409 }) {
    const me = currentUser(c);
    const [u, tagsInUse, rules] = await Promise.all([
      getUserDetail(c.var.db, id),
      customerTagsInUse(c.var.db),
      listTagRules(c.var.db),
    ]);
    return renderAdminPage(c, {
      title: u.username,
      active: ACTIVE,
      status: refusal?.status,
      body: (
        <UserDetailView
          user={u}
          orders={u.orders}
          points={u.points}
          addresses={u.addresses}
          figures={u.figures}
          marketing={u.marketing}
          tagsInUse={tagsInUse}
          automaticTags={rules.map((r) => r.tag)}
          canChangeRoles={me.role === "super_admin"}
          isSelf={me.id === u.id}
          message={refusal?.message}
        />
      ),
    });
  }

  app.get("/:id", (c) => {
    const { id } = parseOr400(staffSchemas.userIdParam.safeParse({ id: c.req.param("id") }));
    return detail(c, id);
  });

  // The form twin of PATCH /api/admin/users/{id}: a refusal the page can explain (403, 409) shows
  // the page again with it; bad input is a 400 as from the API.
  formRoute(app, changeUserAction, {
    path: "/:id",
    input: (fields) => ({
      ...(fields.role !== undefined ? { role: fields.role } : {}),
      ...(fields.disabled === "true" || fields.disabled === "false" ? { disabled: fields.disabled === "true" } : {}),
    }),
    onSuccess: (c, row, change) => {
      const what = change.role !== undefined
        ? `${row.username} is now ${ROLE_LABELS[row.role]}.`
        : row.disabled
        ? `${row.username} is disabled and signed out everywhere.`
        : `${row.username} can sign in again.`;
      setFlash(c, { title: "Account updated", description: what, variant: "success" });
      return c.redirect(`/admin/users/${row.id}`, 303);
    },
    onError: (c, err) => {
      if (err.status !== 403 && err.status !== 409) throw err;
      const { id } = parseOr400(staffSchemas.userIdParam.safeParse({ id: c.req.param("id") }));
      return detail(c, id, { message: err.message, status: err.status });
    },
  });
  // The form twin of PUT /api/admin/users/{id}/note.
  formRoute(app, setUserNoteAction, {
    path: "/:id/note",
    onSuccess: (c, row) => {
      setFlash(c, { title: row.staffNote ? "Note saved" : "Note removed", variant: "success" });
      return c.redirect(`/admin/users/${row.id}#note-h`, 303);
    },
    onError: (c, err) => {
      if (err.status !== 409) throw err;
      const { id } = parseOr400(staffSchemas.userIdParam.safeParse({ id: c.req.param("id") }));
      return detail(c, id, { message: err.message, status: err.status });
    },
  });
  // The form twin of PUT /api/admin/users/{id}/tags: one comma-separated field.
  formRoute(app, setUserTagsAction, {
    path: "/:id/tags",
    input: (fields) => ({
      tags: String(fields.tags ?? "").split(",").filter((t) => t.trim() !== ""),
    }),
    onSuccess: (c, row) => {
      setFlash(c, { title: row.tags.length ? "Tags saved" : "Tags removed", variant: "success" });
      return c.redirect(`/admin/users/${row.id}#note-h`, 303);
    },
    onError: (c, err) => {
      // A tag it cannot take is told on the page, beside the field staff typed it in.
      if (err.status !== 409 && err.status !== 400) throw err;
      const { id } = parseOr400(staffSchemas.userIdParam.safeParse({ id: c.req.param("id") }));
      return detail(c, id, { message: err.message, status: err.status });
    },
  });
  return app;
}
