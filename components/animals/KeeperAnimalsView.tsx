/** /account/animals: a keeper's animals, what each setup still lacks, and plain forms to add, edit and remove them. */
import type { z } from "zod";
import type { keeperAnimal } from "../../contract/animals.ts";
import { Field, fieldInputClass, fieldLabelClass } from "../ui/Field.tsx";
import { dangerButton, primaryButton, secondaryButton } from "../ui/buttons.ts";

type Animal = z.output<typeof keeperAnimal>;
type SpeciesOption = { slug: string; commonName: string };

function AnimalFields(
  { idPrefix, species, animal }: { idPrefix: string; species: SpeciesOption[]; animal?: Animal },
) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor={`${idPrefix}-species`} className={fieldLabelClass}>Species</label>
        <select
          id={`${idPrefix}-species`}
          name="species"
          required
          defaultValue={animal?.species.slug ?? ""}
          className={fieldInputClass}
        >
          <option value="" disabled>Choose a species</option>
          {species.map((s) => <option key={s.slug} value={s.slug}>{s.commonName}</option>)}
        </select>
      </div>
      <Field id={`${idPrefix}-name`} label="Name" name="name" required maxLength={60} defaultValue={animal?.name} />
      <Field
        id={`${idPrefix}-acquired`}
        label="Date acquired (optional)"
        name="acquiredOn"
        type="date"
        defaultValue={animal?.acquiredOn ?? ""}
      />
      <div>
        <label htmlFor={`${idPrefix}-notes`} className={fieldLabelClass}>Notes (optional)</label>
        <textarea
          id={`${idPrefix}-notes`}
          name="notes"
          maxLength={1000}
          rows={2}
          defaultValue={animal?.notes ?? ""}
          className={fieldInputClass}
        />
      </div>
    </div>
  );
}

export function KeeperAnimalsView({ animals, species }: { animals: Animal[]; species: SpeciesOption[] }) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="my-animals">
        <h2 id="my-animals" className="text-xl font-bold">My Animals</h2>
        {animals.length
          ? (
            <ul className="mt-3 grid gap-4">
              {animals.map((a) => (
                <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-4">
                  <h3 className="text-lg font-bold">{a.name}</h3>
                  <p className="text-sm text-stone-700">
                    <a href={a.species.url} className="font-medium text-green-900 hover:underline">
                      {a.species.commonName}
                    </a>
                    {a.acquiredOn ? ` · with you since ${a.acquiredOn}` : ""}
                  </p>
                  {a.notes ? <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{a.notes}</p> : null}
                  {a.setup.gaps
                    ? (
                      <div className="mt-2 text-sm">
                        <p className="font-semibold text-amber-900">
                          {`Setup still lacks ${a.setup.gaps} essential${a.setup.gaps === 1 ? "" : "s"}:`}
                        </p>
                        <ul className="list-disc pl-5">
                          {a.setup.lacking.map((n) => (
                            <li key={n.need}>{n.notes.length ? `${n.label}: ${n.notes.join(" ")}` : n.label}</li>
                          ))}
                        </ul>
                        <a href={`${a.species.url}#setup`} className="font-semibold text-green-900 underline">
                          {`Complete ${a.name}'s setup`}
                        </a>
                      </div>
                    )
                    : <p className="mt-2 text-sm text-green-900">Every essential is bought or in your cart.</p>}
                  <details className="mt-3">
                    <summary className="cursor-pointer text-sm font-semibold text-stone-800">
                      {`Edit ${a.name}`}
                    </summary>
                    <form method="post" action={`/account/animals/${a.id}`} className="mt-3 space-y-3">
                      <AnimalFields idPrefix={`animal-${a.id}`} species={species} animal={a} />
                      <button type="submit" className={primaryButton}>Save changes</button>
                    </form>
                    <form method="post" action={`/account/animals/${a.id}/delete`} className="mt-3">
                      <button type="submit" className={dangerButton}>{`Remove ${a.name}`}</button>
                    </form>
                  </details>
                </li>
              ))}
            </ul>
          )
          : (
            <p className="mt-2 text-stone-700">
              Record your animals to see what their setups still lack.
            </p>
          )}
      </section>
      <section aria-labelledby="add-animal" className="rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="add-animal" className="text-lg font-bold">Add an animal</h2>
        <form method="post" action="/account/animals" className="mt-3 space-y-3">
          <AnimalFields idPrefix="new-animal" species={species} />
          <button type="submit" className={secondaryButton}>Add animal</button>
        </form>
      </section>
    </div>
  );
}
