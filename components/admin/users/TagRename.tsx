/**
 * The customers list's "Rename tag" form (decision 0112), shown while the list is filtered by a tag:
 * a plain POST to /admin/users/tags/rename, the twin of POST /api/admin/users/tags/rename. A name
 * already in use merges the two tags; coupons kept for the tag follow it.
 */
import type { TagInUse } from "../../../domains/accounts/mod.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { TagField } from "./TagField.tsx";

export function TagRename({ tag, tagsInUse }: { tag: string; tagsInUse: TagInUse[] }) {
  const others = tagsInUse.filter((t) => t.tag !== tag);
  return (
    <form
      method="post"
      action="/admin/users/tags/rename"
      className="mt-4 rounded-xl border border-stone-200 bg-white px-4 py-3"
      data-tag-rename
    >
      <input type="hidden" name="from" value={tag} />
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-stone-800">{`Rename the tag "${tag}"`}</summary>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <TagField
            id="rename-tag"
            name="to"
            label="New name"
            suggestions={others.map((t) => t.tag)}
            hintId="rename-tag-hint"
          />
          <button type="submit" className={secondaryButton}>Rename</button>
        </div>
        <p id="rename-tag-hint" className="mt-2 text-xs text-stone-600">
          Every account with the tag gets the new name, and coupons kept for it follow. A name already in use merges the
          two tags.
        </p>
      </details>
    </form>
  );
}
