/**
 * The parts of the islands' modal <dialog>s (the address book, the coupon manager, a reward's
 * redemption), so each draws its form dialog and its "are you sure?" dialog the same way.
 */
import type { ReactNode, Ref, RefObject } from "react";
import { CloseIcon } from "./icons.tsx";
import { secondaryButton } from "./buttons.ts";

/**
 * A full-height native popover panel (the mobile menu, the listing's filter drawer): it opens and closes
 * without JavaScript, with a sticky title bar and its close (×) button above the content.
 */
export function PopoverPanel(
  { id, label, title, titleClass = "", closeLabel, className, children }: {
    id: string;
    /** The dialog's accessible name. */
    label: string;
    title: string;
    titleClass?: string;
    closeLabel: string;
    /** Sizes and places the panel (the popover's CSS hook comes first). */
    className: string;
    children: ReactNode;
  },
) {
  return (
    <div id={id} popover="auto" role="dialog" aria-label={label} className={className}>
      <div className="sticky top-0 flex items-center justify-between border-b border-stone-200 bg-white px-4 py-3">
        <p className={`text-lg font-bold ${titleClass}`.trim()}>{title}</p>
        <button
          type="button"
          popoverTarget={id}
          popoverTargetAction="hide"
          aria-label={closeLabel}
          className="rounded-md p-2 hover:bg-stone-100"
        >
          <CloseIcon className="h-6 w-6" />
        </button>
      </div>
      {children}
    </div>
  );
}

/** A form dialog: a header, a scrolling body and a footer, as tall as the screen allows. */
export const formDialogClass =
  "m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-2xl overflow-hidden rounded-2xl bg-white p-0 text-stone-900 shadow-2xl backdrop:bg-stone-950/50 open:flex open:flex-col";

/**
 * A form dialog ({@link formDialogClass}) named by its {@link DialogHeader}'s title (`titleId`);
 * `data` is the data attribute scripts and tests find it by ("data-coupon-dialog").
 */
export function FormDialog(
  { ref, titleId, onClose, data, children }: {
    ref: Ref<HTMLDialogElement>;
    titleId: string;
    onClose: () => void;
    data: `data-${string}`;
    children: ReactNode;
  },
) {
  return (
    <dialog ref={ref} aria-labelledby={titleId} className={formDialogClass} onClose={onClose} {...{ [data]: true }}>
      {children}
    </dialog>
  );
}

/** A small confirmation dialog. */
export const confirmDialogClass =
  "m-auto w-[calc(100%-1.5rem)] max-w-md rounded-2xl bg-white p-6 text-stone-900 shadow-2xl backdrop:bg-stone-950/50";

/** A form dialog's title bar, with its close (×) button. */
export function DialogHeader({ titleId, title, onClose }: { titleId: string; title: ReactNode; onClose: () => void }) {
  return (
    <div className="flex items-center justify-between gap-4 border-b border-stone-200 px-5 py-4 sm:px-6">
      <h2 id={titleId} className="text-lg font-bold">{title}</h2>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="rounded-lg p-2 text-stone-500 hover:bg-stone-100 hover:text-stone-900"
      >
        <CloseIcon className="h-5 w-5" />
      </button>
    </div>
  );
}

/** A form dialog's button bar (Cancel, then the submit button). */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-stone-200 bg-stone-50 px-5 py-4 sm:flex-row sm:justify-end sm:px-6">
      {children}
    </div>
  );
}

/**
 * The "Delete …?" alert dialog: its title and text carry the ids `${idPrefix}-title` and
 * `${idPrefix}-text`, which label and describe it.
 */
export function DeleteDialog(
  { ref, idPrefix, onClose, children }: {
    ref: Ref<HTMLDialogElement>;
    idPrefix: string;
    onClose: () => void;
    children: ReactNode;
  },
) {
  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-labelledby={`${idPrefix}-title`}
      aria-describedby={`${idPrefix}-text`}
      className={confirmDialogClass}
      onClose={onClose}
      data-delete-dialog
    >
      {children}
    </dialog>
  );
}

/**
 * A confirmation dialog's buttons: Cancel (closes `dialog`), and the button that does it, disabled
 * while `busy`; `children` are its label.
 */
export function ConfirmButtons(
  { dialog, onConfirm, busy, className, cancelClass = secondaryButton, children }: {
    dialog: RefObject<HTMLDialogElement | null>;
    onConfirm: () => void;
    busy: boolean;
    /** The confirming button's look (danger for a delete). */
    className: string;
    cancelClass?: string;
    children: ReactNode;
  },
) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
      <button type="button" className={cancelClass} onClick={() => dialog.current?.close()}>
        Cancel
      </button>
      <button type="button" className={className} onClick={onConfirm} disabled={busy}>
        {children}
      </button>
    </div>
  );
}
