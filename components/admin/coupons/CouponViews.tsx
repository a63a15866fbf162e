/**
 * The Manage Coupons screen of spec 001, drawn the same on the server and in the CouponManager
 * island: toolbar (search, status filter), the table, the empty states and the coupon form fields.
 * Nothing here touches the server (the island imports it).
 */
import type { ChangeEvent, ReactNode } from "react";
import {
  COUPON_TYPE_LABELS,
  COUPON_TYPES,
  type CouponBody,
  couponDateInput,
  couponDateText,
  couponValueText,
  noMatchText,
} from "../../../domains/coupons/rules.ts";
import { type FieldErrors, fieldInputClass } from "../../ui/Field.tsx";
import { EditIcon, PlusIcon, SearchIcon, TrashIcon } from "../../ui/icons.tsx";
import { primaryButton, secondaryButton } from "../../ui/buttons.ts";
import { type Column, DataTable, Pill } from "../shared/AdminTable.tsx";
import { PageHeader } from "../shared/PageHeader.tsx";
import { CheckboxField, type FieldSpec, FormFields, type TextFieldSpec } from "../shared/FormFields.tsx";

/** A coupon row as the screen needs it (the admin API's answer). */
export interface CouponRowData extends Omit<CouponBody, "categoryId" | "productId"> {
  id: number;
  usage: { timesUsed: number; revenue: number; discountGiven: number };
}

export type CouponStatusFilter = "all" | "active" | "inactive";

const currency = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR" });

export function CouponHeader({ onAdd }: { onAdd?: () => void }) {
  return (
    <PageHeader title="Manage Coupons">
      <DialogLink href="/admin/coupons/new" label="Add Coupon" open={onAdd} className={primaryButton}>
        <PlusIcon className="h-4 w-4" /> Add Coupon
      </DialogLink>
    </PageHeader>
  );
}

/** Search and status filter: a GET form, so it works without JavaScript. */
export function CouponToolbar({ search, status }: { search: string; status: CouponStatusFilter }) {
  return (
    <form method="get" action="/admin/coupons" className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="relative flex-1">
        <label htmlFor="coupon-search" className="sr-only">Search coupons</label>
        <SearchIcon className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-stone-400" />
        <input
          id="coupon-search"
          type="search"
          name="search"
          defaultValue={search}
          placeholder="Search coupons..."
          maxLength={100}
          className={`${fieldInputClass} pl-9`}
        />
      </div>
      <div>
        <label htmlFor="coupon-status" className="sr-only">Status</label>
        <select id="coupon-status" name="status" defaultValue={status} className={fieldInputClass}>
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </div>
      <button type="submit" className={secondaryButton}>Filter</button>
    </form>
  );
}

type CouponAction = ((c: CouponRowData) => void) | undefined;

/** A link to a plain page that, once the island runs, opens a dialog instead (`open`). */
function DialogLink(
  { href, label, open, className, children }: {
    href: string;
    label: string;
    open?: () => void;
    className: string;
    children: ReactNode;
  },
) {
  return (
    <a
      href={href}
      aria-label={label}
      aria-haspopup={open ? "dialog" : undefined}
      className={className}
      onClick={open
        ? (e) => {
          e.preventDefault();
          open();
        }
        : undefined}
    >
      {children}
    </a>
  );
}

/** Edit and delete: links to the plain pages, dialogs once the island runs. */
function CouponActions(
  { coupon, onEdit, onDelete }: { coupon: CouponRowData; onEdit: CouponAction; onDelete: CouponAction },
) {
  return (
    <>
      <CouponLink coupon={coupon} action="edit" open={onEdit} />
      <CouponLink coupon={coupon} action="delete" open={onDelete} />
    </>
  );
}

/** A row's Edit and Delete links: the verb (their accessible name), icon and colours. */
const ROW_ACTIONS = {
  edit: { verb: "Edit", Icon: EditIcon, tone: "text-stone-600 hover:bg-stone-100 hover:text-stone-900" },
  delete: { verb: "Delete", Icon: TrashIcon, tone: "text-red-700 hover:bg-red-50" },
};

/** /admin/coupons/{id}/{action}, or its dialog once the island runs (`open`). */
function CouponLink(
  { coupon, action, open }: { coupon: CouponRowData; action: keyof typeof ROW_ACTIONS; open: CouponAction },
) {
  const { verb, Icon, tone } = ROW_ACTIONS[action];
  return (
    <DialogLink
      href={`/admin/coupons/${coupon.id}/${action}`}
      label={`${verb} ${coupon.code}`}
      open={open && (() => open(coupon))}
      className={`inline-flex rounded-lg p-2 ${tone}`}
    >
      <Icon className="h-4 w-4" />
    </DialogLink>
  );
}

function ValueText({ c }: { c: CouponRowData }) {
  return (
    <>
      {c.type === "percentage" ? `${c.value}%` : couponValueText(c)}
      {c.type === "percentage" && c.maxDiscount !== null
        ? <span className="block text-xs text-stone-600">{`Max: ${currency.format(c.maxDiscount)}`}</span>
        : null}
    </>
  );
}

/** A coupon limited to a customer tag says so under its description. */
function TagCondition({ c }: { c: CouponRowData }) {
  return c.customerTag
    ? (
      <span className="mt-1 block text-xs font-semibold text-amber-800" data-coupon-tag={c.customerTag}>
        {`Only customers tagged "${c.customerTag}"`}
      </span>
    )
    : null;
}

function StatusBadge({ active }: { active: boolean }) {
  return <Pill tone={active ? "green" : "grey"}>{active ? "Active" : "Inactive"}</Pill>;
}

function usageText(c: CouponRowData) {
  return [
    `Used ${c.usage.timesUsed}×`,
    `Revenue ${currency.format(c.usage.revenue)}`,
    `Discount ${currency.format(c.usage.discountGiven)}`,
  ];
}

/** The desktop table's columns: spec 001's, with the usage figures. */
function couponColumns(onEdit: CouponAction, onDelete: CouponAction): Column<CouponRowData>[] {
  return [
    {
      header: "Code",
      cell: (c) => (
        <>
          <span className="font-mono font-semibold">{c.code}</span>
          <span className="block max-w-xs text-xs text-stone-600">{c.description}</span>
          <TagCondition c={c} />
        </>
      ),
    },
    { header: "Type", cell: (c) => COUPON_TYPE_LABELS[c.type] },
    { header: "Value", cell: (c) => <ValueText c={c} /> },
    { header: "Start Date", className: "whitespace-nowrap", cell: (c) => couponDateText(c.startDate) },
    {
      header: "End Date",
      className: "whitespace-nowrap",
      cell: (c) => (c.endDate ? couponDateText(c.endDate) : "No expiry"),
    },
    { header: "Status", cell: (c) => <StatusBadge active={c.active} /> },
    {
      header: "Usage",
      className: "text-xs whitespace-nowrap text-stone-700",
      cell: (c) => usageText(c).map((t) => <span key={t} className="block">{t}</span>),
    },
    {
      header: "Actions",
      align: "right",
      className: "whitespace-nowrap",
      cell: (c) => <CouponActions coupon={c} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

/** The table of spec 001 with the usage figures (cards on a phone); inactive rows greyed (never by opacity: it fails contrast). */
export function CouponTable(
  { coupons, search, onEdit, onDelete }: {
    /** null: the list failed to load (the page says so above). */
    coupons: CouponRowData[] | null;
    search: string;
    onEdit?: (c: CouponRowData) => void;
    onDelete?: (c: CouponRowData) => void;
  },
) {
  if (coupons === null) return null;
  if (!coupons.length) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white p-10 text-center" data-empty>
        {search ? <p className="text-stone-700">{noMatchText(search)}</p> : (
          <>
            <p className="font-semibold text-stone-800">No coupons found</p>
            <p className="mt-1 text-sm text-stone-600">Use Add Coupon to create your first coupon.</p>
          </>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="mt-6 space-y-3 md:hidden">
        {coupons.map((c) => (
          <li
            key={c.id}
            data-coupon-card={c.code}
            className={`rounded-xl border border-stone-200 p-4 ${c.active ? "bg-white" : "bg-stone-50 text-stone-600"}`}
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <span className="font-mono font-semibold">{c.code}</span>
                <span className="block text-xs text-stone-600">{c.description}</span>
                <TagCondition c={c} />
              </div>
              <StatusBadge active={c.active} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-stone-500">Type</dt>
                <dd>{COUPON_TYPE_LABELS[c.type]}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">Value</dt>
                <dd>
                  <ValueText c={c} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">Start Date</dt>
                <dd>{couponDateText(c.startDate)}</dd>
              </div>
              <div>
                <dt className="text-xs text-stone-500">End Date</dt>
                <dd>{c.endDate ? couponDateText(c.endDate) : "No expiry"}</dd>
              </div>
            </dl>
            <div className="mt-3 flex items-end justify-between gap-3 border-t border-stone-100 pt-2">
              <p className="text-xs text-stone-600">{usageText(c).join(" · ")}</p>
              <div className="flex shrink-0">
                <CouponActions coupon={c} onEdit={onEdit} onDelete={onDelete} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <DataTable
        columns={couponColumns(onEdit, onDelete)}
        rows={coupons}
        rowProps={(c) => ({ "data-coupon-code": c.code, className: c.active ? "" : "bg-stone-50 text-stone-600" })}
        minWidth="56rem"
        className="mt-6 hidden md:block"
      />
    </>
  );
}

/** The form's starting values for a new coupon or an existing one (strings, as the inputs hold them). */
export function couponFormDefaults(c?: CouponRowData | null, today = new Date()) {
  return {
    code: c?.code ?? "",
    description: c?.description ?? "",
    type: c?.type ?? "percentage",
    value: c ? String(c.value) : "",
    minOrderValue: c?.minOrderValue != null ? String(c.minOrderValue) : "",
    maxDiscount: c?.maxDiscount != null ? String(c.maxDiscount) : "",
    startDate: c ? couponDateInput(c.startDate) : couponDateInput(today.toISOString()),
    endDate: c ? couponDateInput(c.endDate) : "",
    usageLimit: c?.usageLimit != null ? String(c.usageLimit) : "",
    userLimit: c ? String(c.userLimit) : "1",
    customerTag: c?.customerTag ?? "",
    firstTimeOnly: c?.firstTimeOnly ?? false,
    active: c?.active ?? true,
  };
}
export type CouponFormState = ReturnType<typeof couponFormDefaults>;

const CODE_FIELD: TextFieldSpec = {
  label: "Code",
  name: "code",
  maxLength: 20,
  autoComplete: "off",
  className: `${fieldInputClass} font-mono uppercase`,
  required: true,
};
/** Rand amounts and counts as the coupon form takes them. */
const amount = { type: "number", inputMode: "decimal", min: "0" } as const;
const count = { type: "number", inputMode: "numeric", min: "1", step: "1" } as const;

/**
 * The coupon form's fields (spec 001 section 5). `type` is the chosen type: the maximum discount is
 * editable only for percentage coupons, and the value steps by 1 for them, 0.01 otherwise.
 */
export function CouponFields(
  { values, errors, type, onTypeChange, startDate, onStartChange }: {
    values: CouponFormState;
    errors: FieldErrors;
    type: string;
    onTypeChange?: (type: string) => void;
    startDate?: string;
    onStartChange?: (date: string) => void;
  },
) {
  const percentage = type === "percentage";
  const fields: FieldSpec[] = [
    CODE_FIELD,
    {
      label: "Type",
      name: "type",
      options: COUPON_TYPES.map((t) => ({ value: t, label: COUPON_TYPE_LABELS[t] })),
      onChange: onTypeChange ? (e: ChangeEvent<HTMLSelectElement>) => onTypeChange(e.currentTarget.value) : undefined,
    },
    { label: "Description", name: "description", maxLength: 500, required: true, span: "sm:col-span-2" },
    {
      label: percentage || type === "first_time" ? "Value (%)" : type === "buy_x_get_y" ? "Value (buy N)" : "Value (R)",
      name: "value",
      ...amount,
      step: percentage ? "1" : "0.01",
      required: true,
    },
    { label: "Minimum order value (R, optional)", name: "minOrderValue", ...amount, step: "0.01" },
    {
      label: "Maximum discount (R, optional)",
      name: "maxDiscount",
      ...amount,
      step: "0.01",
      disabled: onTypeChange ? !percentage : undefined,
      hint: "For percentage coupons only.",
    },
    { label: "Usage limit (optional)", name: "usageLimit", ...count, hint: "Blank: no limit." },
    {
      label: "Start date",
      name: "startDate",
      type: "date",
      onChange: onStartChange ? (e: ChangeEvent<HTMLInputElement>) => onStartChange(e.currentTarget.value) : undefined,
      required: true,
    },
    {
      label: "End date (optional)",
      name: "endDate",
      type: "date",
      min: startDate ?? values.startDate,
      hint: "Blank: no expiry.",
    },
    { label: "Uses per customer", name: "userLimit", ...count, hint: "Blank: 1." },
    {
      label: "Only for customers tagged (optional)",
      name: "customerTag",
      maxLength: 30,
      autoComplete: "off",
      placeholder: "trade",
      hint: "A tag given on customers' pages in Users. Blank: every customer.",
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormFields fields={fields} values={values} errors={errors} />
      <div className="flex flex-col justify-end gap-3 pb-1">
        <CheckboxField
          label="First-time customers only"
          name="firstTimeOnly"
          value="on"
          checked={values.firstTimeOnly}
        />
        <CheckboxField label="Active" name="active" value="on" checked={values.active} />
      </div>
    </div>
  );
}

/** Reads the coupon form (a FormData from a post or from the island's form). */
export function couponFormFrom(data: { get(name: string): unknown }) {
  const text = (name: string) => {
    const v = data.get(name);
    return typeof v === "string" ? v : "";
  };
  return {
    code: text("code"),
    description: text("description"),
    type: text("type"),
    value: text("value"),
    minOrderValue: text("minOrderValue"),
    maxDiscount: text("maxDiscount"),
    startDate: text("startDate"),
    endDate: text("endDate"),
    usageLimit: text("usageLimit"),
    userLimit: text("userLimit"),
    customerTag: text("customerTag"),
    firstTimeOnly: data.get("firstTimeOnly") === "on",
    active: data.get("active") === "on",
  };
}
