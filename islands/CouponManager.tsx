/**
 * The Manage Coupons screen (spec 001) once hydrated: 'Add Coupon' and the edit buttons open the
 * 'Create New Coupon' / 'Edit Coupon' dialog, delete asks the spec's 'Delete Coupon' question, and
 * each action calls the admin coupon API, then reloads the list with the spec's toast. The server
 * renders the same list with links to plain pages, so the screen works without JavaScript.
 */
import { type FormEvent, useRef, useState } from "react";
import { COUPON_TOASTS, couponBodyFromForm, couponIssues, deleteCouponQuestion } from "../domains/coupons/rules.ts";
import {
  CouponFields,
  couponFormDefaults,
  couponFormFrom,
  CouponHeader,
  type CouponRowData,
  type CouponStatusFilter,
  CouponTable,
  CouponToolbar,
} from "../components/admin/coupons/CouponViews.tsx";
import type { FieldErrors } from "../components/ui/Field.tsx";
import { FormAlert } from "../components/ui/Field.tsx";
import { Pagination } from "../components/ui/Pagination.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../components/ui/buttons.ts";
import { ConfirmButtons, DeleteDialog, DialogFooter, DialogHeader, FormDialog } from "../components/ui/Dialog.tsx";
import { api, ApiError } from "../client/api.ts";
import { reloadWithToast, toast } from "../client/toast.ts";

export interface CouponManagerProps {
  coupons: CouponRowData[];
  /** The list could not be loaded: the spec's 'Failed to load coupons. Please try again.' */
  loadFailed?: boolean;
  search: string;
  status: CouponStatusFilter;
  page: number;
  pageCount: number;
}

function pageHref(search: string, status: string) {
  return (p: number) => {
    const q = new URLSearchParams();
    if (search) q.set("search", search);
    if (status !== "all") q.set("status", status);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return `/admin/coupons${s ? `?${s}` : ""}`;
  };
}

export default function CouponManager(
  { coupons, loadFailed, search, status, page, pageCount }: CouponManagerProps,
) {
  const formDialog = useRef<HTMLDialogElement>(null);
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const [editing, setEditing] = useState<{ coupon: CouponRowData | null; key: number } | null>(null);
  const [type, setType] = useState("percentage");
  const [startDate, setStartDate] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CouponRowData | null>(null);
  const [busy, setBusy] = useState(false);

  function open(coupon: CouponRowData | null) {
    const defaults = couponFormDefaults(coupon);
    setEditing({ coupon, key: Date.now() });
    setType(defaults.type);
    setStartDate(defaults.startDate);
    setErrors({});
    setFormError(null);
    formDialog.current?.showModal();
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = couponBodyFromForm(couponFormFrom(new FormData(e.currentTarget)));
    const issues = couponIssues(body);
    setErrors(Object.fromEntries(issues.map((i) => [i.path, i.message])));
    setFormError(null);
    if (issues.length) return;
    const id = editing?.coupon?.id;
    setBusy(true);
    try {
      await api(id ? `/coupons/${id}` : "/coupons", { method: id ? "PUT" : "POST", json: body });
      reloadWithToast({
        title: id ? COUPON_TOASTS.updated : COUPON_TOASTS.created,
        description: `${body.code} was saved.`,
        variant: "success",
      });
    } catch (err) {
      const fallback = id ? COUPON_TOASTS.updateFailed : COUPON_TOASTS.createFailed;
      const server = err instanceof ApiError ? err.body as { issues?: { path: string; message: string }[] } : null;
      if (server?.issues?.length) setErrors(Object.fromEntries(server.issues.map((i) => [i.path, i.message])));
      const message = err instanceof ApiError && err.status < 500 ? err.message : fallback;
      setFormError(message);
      toast({ title: "Error", description: message, variant: "destructive" });
      setBusy(false);
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/coupons/${deleting.id}`, { method: "DELETE" });
      reloadWithToast({
        title: COUPON_TOASTS.deleted,
        description: `${deleting.code} was deleted.`,
        variant: "success",
      });
    } catch (err) {
      const message = err instanceof ApiError && err.status < 500 ? err.message : COUPON_TOASTS.deleteFailed;
      deleteDialog.current?.close();
      toast({ title: "Error", description: message, variant: "destructive" });
      setBusy(false);
    }
  }

  const title = editing?.coupon ? "Edit Coupon" : "Create New Coupon";
  return (
    <div>
      <CouponHeader onAdd={() => open(null)} />
      <CouponToolbar search={search} status={status} />
      {loadFailed
        ? (
          <div className="mt-6">
            <FormAlert message={COUPON_TOASTS.loadFailed} />
          </div>
        )
        : null}
      <CouponTable
        coupons={loadFailed ? null : coupons}
        search={search}
        onEdit={(c) => open(c)}
        onDelete={(c) => {
          setDeleting(c);
          deleteDialog.current?.showModal();
        }}
      />
      <Pagination page={page} pageCount={pageCount} href={pageHref(search, status)} />

      <FormDialog
        ref={formDialog}
        titleId="coupon-dialog-title"
        onClose={() => setEditing(null)}
        data="data-coupon-dialog"
      >
        {editing
          ? (
            <form key={editing.key} onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
              <DialogHeader titleId="coupon-dialog-title" title={title} onClose={() => formDialog.current?.close()} />
              <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-5 sm:px-6">
                <FormAlert message={formError} />
                <CouponFields
                  values={couponFormDefaults(editing.coupon)}
                  errors={errors}
                  type={type}
                  onTypeChange={setType}
                  startDate={startDate}
                  onStartChange={setStartDate}
                />
              </div>
              <DialogFooter>
                <button type="button" onClick={() => formDialog.current?.close()} className={secondaryButton}>
                  Cancel
                </button>
                <button type="submit" className={primaryButton} disabled={busy}>
                  {busy ? "Saving…" : editing.coupon ? "Update Coupon" : "Create Coupon"}
                </button>
              </DialogFooter>
            </form>
          )
          : null}
      </FormDialog>

      <DeleteDialog ref={deleteDialog} idPrefix="coupon-delete" onClose={() => setDeleting(null)}>
        <h2 id="coupon-delete-title" className="text-lg font-bold">Delete Coupon</h2>
        <p id="coupon-delete-text" className="mt-2 text-sm text-stone-700">
          {deleting ? deleteCouponQuestion(deleting.code) : ""}
        </p>
        <ConfirmButtons dialog={deleteDialog} onConfirm={confirmDelete} busy={busy} className={dangerButton}>
          {busy ? "Deleting…" : "Delete"}
        </ConfirmButtons>
      </DeleteDialog>
    </div>
  );
}
