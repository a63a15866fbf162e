/**
 * A copy of `source` with only `keys`, in their order: what travels to a page, an island's props or
 * a JSON answer, and nothing more (a field added to the row later does not leak out with it). A key
 * `source` does not have stays absent (a form's fields: only those posted).
 */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) if (key in source) out[key] = source[key];
  return out;
}
