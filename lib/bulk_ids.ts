/**
 * How a list's ticked rows reach a bulk form without JavaScript: each row's box is a field
 * `id_<row id>` of the form (joined through its `form` attribute); the route reads them back.
 */

/** The field name of row `id`'s box. */
export function bulkIdField(id: number): string {
  return `id_${id}`;
}

/** The ids of the ticked rows among a posted form's fields. */
export function tickedIds(fields: Record<string, string>): number[] {
  return Object.keys(fields).flatMap((k) => {
    const m = /^id_(\d{1,10})$/.exec(k);
    return m ? [Number(m[1])] : [];
  });
}
