import assert from "node:assert/strict";
import { renderToStaticMarkup } from "react-dom/server";
import { DataTable } from "./AdminTable.tsx";
import { CheckboxField, type FieldSpec, FormFields } from "./FormFields.tsx";

const fields: FieldSpec[] = [
  { label: "Name", name: "name", required: true },
  { label: "Parent", name: "parentId", empty: "None", options: [{ value: "2", label: "Lizards" }] },
  { label: "Description", name: "description", textarea: true, rows: 4, span: "sm:col-span-2" },
  { label: "Sort order", name: "position", fallback: "0", hint: "Lower first" },
];

Deno.test("[admin fields] a refused select or text area is flagged and described by its error, as a text box is", () => {
  const html = renderToStaticMarkup(
    <FormFields
      fields={fields}
      values={{}}
      errors={{ name: "Name is required", parentId: "Pick a category", description: "Too long" }}
    />,
  );
  for (
    const [name, message] of [["name", "Name is required"], ["parentId", "Pick a category"], [
      "description",
      "Too long",
    ]]
  ) {
    const control = html.match(new RegExp(`<(input|select|textarea)[^>]*id="field-${name}"[^>]*>`))?.[0] ?? "";
    assert.match(control, /aria-invalid="true"/, `${name} is flagged`);
    assert.match(control, new RegExp(`aria-describedby="field-${name}-error"`), `${name} points at its error`);
    assert.match(html, new RegExp(`<p id="field-${name}-error"[^>]*>${message}</p>`));
  }
  // A field without an error is described by its hint, and not flagged.
  const position = html.match(/<input[^>]*id="field-position"[^>]*>/)?.[0] ?? "";
  assert.match(position, /aria-describedby="field-position-hint"/);
  assert.doesNotMatch(position, /aria-invalid/);
});

Deno.test("[admin fields] each field shows the form's value for its name, else its fallback, in the given order", () => {
  const html = renderToStaticMarkup(
    <FormFields
      fields={fields}
      values={{ name: "Geckos", parentId: "2", description: "Small lizards", position: 7 }}
    />,
  );
  assert.match(html, /<input[^>]*name="name"[^>]*value="Geckos"/);
  assert.match(html, /<option value="2" selected="">Lizards<\/option>/);
  assert.match(html, /<div class="sm:col-span-2"><div><label for="field-description"[^]*>Small lizards<\/textarea>/);
  // A value that is not text (a number here) shows the fallback.
  assert.match(html, /<input[^>]*name="position"[^>]*value="0"/);
  const order = [...html.matchAll(/name="(\w+)"/g)].map((m) => m[1]);
  assert.deepEqual(order, ["name", "parentId", "description", "position"]);
});

Deno.test("[admin fields] a checkbox posts its value when ticked and shows its hint", () => {
  const html = renderToStaticMarkup(<CheckboxField label="Active" name="active" value="on" checked hint="Shown" />);
  const box = html.match(/<input[^>]*>/)?.[0] ?? "";
  for (const attr of ['type="checkbox"', 'name="active"', 'value="on"', 'checked=""']) {
    assert.ok(box.includes(attr), attr);
  }
  assert.match(html, />Active<\/span><span[^>]*>Shown<\/span>/);
});

Deno.test("[admin tables] one cell per column under its heading, figures on the right, the row's hooks on its tr, a preview's whole value as the cell's title", () => {
  const html = renderToStaticMarkup(
    <DataTable
      columns={[
        { header: "Code", cell: (r: { id: number; code: string; uses: number }) => r.code },
        {
          header: "Uses",
          align: "right",
          className: "tabular-nums",
          title: (r) => `${r.uses} uses`,
          cell: (r) => r.uses,
        },
      ]}
      rows={[{ id: 1, code: "WELCOME10", uses: 3 }, { id: 2, code: "FREESHIP", uses: 0 }]}
      rowProps={(r) => ({ "data-coupon-code": r.code, className: r.uses ? "" : "opacity-50" })}
    />,
  );
  assert.match(
    html,
    /<th scope="col" class="[^"]*text-left">Code<\/th><th scope="col" class="[^"]*text-right">Uses<\/th>/,
  );
  assert.match(html, /<tr data-coupon-code="FREESHIP" class="opacity-50"><td class="[^"]*">FREESHIP<\/td>/);
  assert.match(html, /<td class="[^"]*text-right tabular-nums" title="3 uses">3<\/td>/);
  assert.equal([...html.matchAll(/<td /g)].length, 4);
});
