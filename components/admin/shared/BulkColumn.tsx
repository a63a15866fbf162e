/**
 * A list's first column for a bulk form: "Select all on this page" in the header (an island) and a
 * box on each row that joins the form `formId` as `id_<row id>` (lib/bulk_ids.ts), so ticking works
 * without JavaScript too.
 */
import { Island } from "../../../lib/islands.tsx";
import { bulkIdField } from "../../../lib/bulk_ids.ts";
import BulkSelect from "../../../islands/BulkSelect.tsx";
import type { Column } from "./AdminTable.tsx";

export function bulkSelectColumn<T>(formId: string, row: (t: T) => { id: number; name: string }): Column<T> {
  return {
    header: <Island name="BulkSelect" component={BulkSelect} props={{ formId }} />,
    className: "w-8",
    cell: (t) => {
      const { id, name } = row(t);
      return (
        <input
          type="checkbox"
          form={formId}
          name={bulkIdField(id)}
          value="on"
          data-bulk-id={id}
          aria-label={`Select ${name}`}
          className="h-4 w-4 accent-green-800"
        />
      );
    },
  };
}
