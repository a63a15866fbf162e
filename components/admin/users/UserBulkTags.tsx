/**
 * The customers list's bulk tag form (decision 0109): one tag added to or taken off the ticked rows,
 * or every account the list's search and filters match. A plain POST form to /admin/users/tags, the
 * twin of POST /api/admin/users/tags/bulk; the rows' boxes join it through their `form` attribute.
 */
import type { TagInUse } from "../../../domains/accounts/mod.ts";
import { MAX_BULK_TAG_ACCOUNTS } from "../../../domains/accounts/mod.ts";
import { USER_FILTER_KEYS, type UserFilterParams } from "../../../domains/accounts/staff_schemas.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";
import { TagField } from "./TagField.tsx";

export const USER_BULK_FORM_ID = "user-bulk-form";

export function UserBulkTags(
  { filter, sort, page, total, tagsInUse }: {
    /** The list's search, filters and order, to come back to after the change. */
    filter: UserFilterParams;
    sort: string;
    page: number;
    total: number;
    tagsInUse: TagInUse[];
  },
) {
  const tooMany = total > MAX_BULK_TAG_ACCOUNTS;
  return (
    <form
      id={USER_BULK_FORM_ID}
      method="post"
      action="/admin/users/tags"
      className="mt-4 rounded-xl border border-stone-200 bg-white px-4 py-3"
      data-user-bulk-form
    >
      {USER_FILTER_KEYS.map((k) => <input key={k} type="hidden" name={`f_${k}`} value={filter[k]} />)}
      <input type="hidden" name="f_sort" value={sort === "newest" ? "" : sort} />
      <input type="hidden" name="f_page" value={String(page)} />
      {/* Closed at first: most visits to the list are look-ups, and on a phone it would push the list down. */}
      <details data-bulk-details>
        <summary className="cursor-pointer text-sm font-semibold text-stone-800">Tag accounts</summary>
        <fieldset className="mt-2">
          <legend className="sr-only">Which accounts</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="scope" value="selected" defaultChecked className="accent-green-800" />
              The accounts ticked below
            </label>
            <label className="inline-flex items-center gap-2">
              <input type="radio" name="scope" value="filter" disabled={tooMany} className="accent-green-800" />
              {total === 1 ? "The 1 account" : `All ${total} accounts`} matching this search
              {tooMany ? ` (at most ${MAX_BULK_TAG_ACCOUNTS.toLocaleString("en-ZA")}: narrow it)` : ""}
            </label>
          </div>
        </fieldset>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div>
            <label htmlFor="bulk-tag-change" className={fieldLabelClass}>Change</label>
            <select id="bulk-tag-change" name="change" className={fieldInputClass}>
              <option value="add">Add the tag</option>
              <option value="remove">Remove the tag</option>
            </select>
          </div>
          <TagField
            id="bulk-tag"
            name="tag"
            label="Tag"
            placeholder="breeder"
            suggestions={tagsInUse.map((t) => t.tag)}
          />
          <button type="submit" className={secondaryButton}>Apply</button>
        </div>
      </details>
    </form>
  );
}
