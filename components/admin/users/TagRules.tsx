/**
 * Automatic customer tags on the customers list (decision 0115): the rules kept, each with its filter
 * in words, what its last run changed and a Delete button; and, while the list is filtered by
 * purchases, the form that keeps a tag on this filter's accounts from now on. Plain POST forms, the
 * twins of POST and DELETE /api/admin/users/tag-rules.
 */
import { CUSTOMER_TAGS_MAX, USER_FILTER_KEYS, type UserFilterParams } from "../../../domains/accounts/staff_schemas.ts";
import { secondaryButton } from "../../ui/buttons.ts";
import { formatDateTime, Pill } from "../shared/AdminTable.tsx";
import { TagField } from "./TagField.tsx";

/** A rule as the list shows it. */
export interface TagRuleRow {
  id: number;
  tag: string;
  description: string;
  /** The list's URL showing the accounts the rule finds. */
  href: string;
  lastRunAt: Date | null;
  lastAdded: number;
  lastRemoved: number;
  lastFull: number;
}

const accounts = (n: number) => `${n} ${n === 1 ? "account" : "accounts"}`;

function lastRun(rule: TagRuleRow): string {
  if (!rule.lastRunAt) return "Not run yet.";
  const changes = rule.lastAdded || rule.lastRemoved
    ? [rule.lastAdded ? `${rule.lastAdded} added` : "", rule.lastRemoved ? `${rule.lastRemoved} removed` : ""]
      .filter(Boolean).join(", ")
    : "no change";
  const full = rule.lastFull
    ? ` ${accounts(rule.lastFull)} found already ${
      rule.lastFull === 1 ? "carries" : "carry"
    } ${CUSTOMER_TAGS_MAX} tags.`
    : "";
  return `Last run ${formatDateTime(rule.lastRunAt)}: ${changes}.${full}`;
}

export function TagRuleList({ rules }: { rules: TagRuleRow[] }) {
  if (!rules.length) return null;
  return (
    <details className="mt-4 rounded-xl border border-stone-200 bg-white px-4 py-3" data-tag-rules>
      <summary className="cursor-pointer text-sm font-semibold text-stone-800">
        {`Automatic tags (${rules.length})`}
      </summary>
      <p className="mt-2 text-xs text-stone-600">
        Every hour each tag is added to the accounts its filter finds and taken off those it no longer finds.
      </p>
      <ul className="mt-2 divide-y divide-stone-100">
        {rules.map((rule) => (
          <li key={rule.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center" data-tag-rule={rule.tag}>
            <div className="flex-1 text-sm">
              <a href={rule.href} className="hover:underline">
                <Pill tone="green">{rule.tag}</Pill>
                <span className="ml-2 text-stone-800">{rule.description}</span>
              </a>
              <span className="mt-0.5 block text-xs text-stone-500">{lastRun(rule)}</span>
            </div>
            <form method="post" action={`/admin/users/tag-rules/${rule.id}/delete`}>
              <input type="hidden" name="tag" value={rule.tag} />
              <button
                type="submit"
                className={secondaryButton}
                aria-label={`Stop tagging "${rule.tag}" automatically`}
              >
                Stop
              </button>
            </form>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Shown while the list is filtered by purchases: keep a tag on this filter's accounts. */
export function TagRuleMaker({ filter, total }: { filter: UserFilterParams; total: number }) {
  return (
    <form
      method="post"
      action="/admin/users/tag-rules"
      className="mt-4 rounded-xl border border-stone-200 bg-white px-4 py-3"
      data-tag-rule-maker
    >
      {USER_FILTER_KEYS.map((k) => <input key={k} type="hidden" name={`f_${k}`} value={filter[k]} />)}
      <details>
        <summary className="cursor-pointer text-sm font-semibold text-stone-800">
          Tag these accounts automatically
        </summary>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <TagField id="rule-tag" name="tag" label="Tag" placeholder="vip" hintId="rule-tag-hint" />
          <button type="submit" className={secondaryButton}>Keep this tag</button>
        </div>
        <p id="rule-tag-hint" className="mt-2 text-xs text-stone-600">
          {`The tag goes on the ${accounts(total)} this filter finds now, then every hour on accounts that come to ` +
            "match it, and comes off those that no longer do. Tags given by hand with the same name follow the rule too."}
        </p>
      </details>
    </form>
  );
}
