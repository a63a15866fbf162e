/** One customer tag typed into a form (bulk tag, rename, automatic tag), with the tags in use offered as suggestions. */
import { CUSTOMER_TAG_MAX } from "../../../domains/accounts/staff_schemas.ts";
import { fieldInputClass, fieldLabelClass } from "../../ui/Field.tsx";

export function TagField(
  { id, name, label, suggestions = [], placeholder, hintId }: {
    id: string;
    name: string;
    label: string;
    /** Tags in use, so "breeder" is not also typed "breeders". */
    suggestions?: string[];
    placeholder?: string;
    /** The id of a hint the field is described by. */
    hintId?: string;
  },
) {
  return (
    <div className="flex-1">
      <label htmlFor={id} className={fieldLabelClass}>{label}</label>
      <input
        id={id}
        name={name}
        required
        maxLength={CUSTOMER_TAG_MAX}
        list={suggestions.length ? `${id}-list` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        aria-describedby={hintId}
        className={fieldInputClass}
      />
      {suggestions.length
        ? <datalist id={`${id}-list`}>{suggestions.map((t) => <option key={t} value={t} />)}</datalist>
        : null}
    </div>
  );
}
