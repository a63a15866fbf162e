/**
 * A list's "Select all on this page" box (products, customers): ticks or clears every row's box of the bulk
 * form and says how many are ticked. The rows' boxes and the bulk form work without it; it is drawn
 * disabled until hydrated, so a page without JavaScript never shows a box that does nothing.
 */
import { useEffect, useState } from "react";

function rowBoxes(formId: string): HTMLInputElement[] {
  return [...document.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][form="${formId}"][data-bulk-id]`)];
}

export default function BulkSelect({ formId }: { formId: string }) {
  const [ready, setReady] = useState(false);
  const [ticked, setTicked] = useState(0);
  const [total, setTotal] = useState(0);

  useEffect(() => {
    const count = () => {
      const boxes = rowBoxes(formId);
      setTotal(boxes.length);
      setTicked(boxes.filter((b) => b.checked).length);
    };
    count();
    setReady(true);
    document.addEventListener("change", count);
    return () => document.removeEventListener("change", count);
  }, [formId]);

  const all = total > 0 && ticked === total;
  return (
    <label className="inline-flex items-center gap-2 normal-case">
      <input
        type="checkbox"
        disabled={!ready}
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = ticked > 0 && !all;
        }}
        onChange={(e) => {
          for (const box of rowBoxes(formId)) box.checked = e.currentTarget.checked;
          setTicked(e.currentTarget.checked ? total : 0);
        }}
        className="h-4 w-4 accent-green-800"
      />
      <span className="sr-only">Select all on this page</span>
      {ready && ticked > 0 ? <span data-bulk-count>{ticked} selected</span> : null}
    </label>
  );
}
