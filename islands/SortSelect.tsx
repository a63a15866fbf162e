/** The sort menu of a listing: submits its form as soon as the choice changes. */

export default function SortSelect(
  { id, value, options }: { id: string; value: string; options: { value: string; label: string }[] },
) {
  return (
    <select
      id={id}
      name="sort"
      defaultValue={value}
      onChange={(e) => e.currentTarget.form?.requestSubmit()}
      className="rounded-lg border border-stone-300 bg-white py-2 pr-8 pl-3 text-sm focus:border-green-700 focus:outline-none"
    >
      {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}
