/**
 * A table drawn from a list of columns: the header row and one row per item, each column's heading and
 * cells styled by that column. The admin lists' DataTable, the account's orders and an order's items all
 * render through it, so the header and the row loop exist once.
 */
import type { HTMLAttributes, Key, ReactNode, TableHTMLAttributes } from "react";

/** The header row of the shopper's tables (the account's orders, an order's items). */
export const tableHead =
  "border-y border-stone-200 bg-stone-50 text-xs font-semibold tracking-wide text-stone-600 uppercase";

/** One column: its heading, what each row shows under it, and the classes of both. */
export interface TableColumn<T> {
  /** Left out (`undefined`) where the column before spans this one's heading. */
  header?: ReactNode;
  /** How many columns the heading spans (a product's picture and name under one "Product"). */
  span?: number;
  cell: (row: T) => ReactNode;
  /** The heading cell's classes. */
  th?: string;
  /** The body cells' classes. */
  td?: string;
  /** The whole value on hover, where the cell shows only a preview of it. */
  title?: (row: T) => string;
  /** The column names its row: body cells are `<th scope="row">`. */
  rowHeader?: boolean;
}

/** What a row carries besides its cells: its classes and the data-* hooks tests and islands find. */
export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | number };

type TableAttributes = TableHTMLAttributes<HTMLTableElement> & { [data: `data-${string}`]: string | number | boolean };

export function Table<T>(
  { columns, rows, rowKey, rowProps, caption, headClass, bodyClass, ...table }: TableAttributes & {
    columns: TableColumn<T>[];
    rows: readonly T[];
    rowKey: (row: T) => Key;
    rowProps?: (row: T) => RowAttributes;
    /** A whole <caption> element (its classes differ from table to table). */
    caption?: ReactNode;
    headClass?: string;
    bodyClass?: string;
  },
) {
  return (
    <table {...table}>
      {caption}
      <thead className={headClass}>
        <tr>
          {columns.map((c, i) =>
            c.header === undefined ? null : <th key={i} scope="col" colSpan={c.span} className={c.th}>{c.header}</th>
          )}
        </tr>
      </thead>
      <tbody className={bodyClass}>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) =>
              c.rowHeader
                ? <th key={i} scope="row" className={c.td}>{c.cell(row)}</th>
                : <td key={i} className={c.td} title={c.title?.(row)}>{c.cell(row)}</td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
