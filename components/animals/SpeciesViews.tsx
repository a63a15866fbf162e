/** Species profiles (/animals, /animals/{slug}) and the setup checklist, server-rendered, no JavaScript needed. */
import type { ReactNode } from "react";
import type { Checklist, ChecklistNeed, OfferedProduct, Species } from "../../domains/animals/mod.ts";
import { formatMoney } from "../../lib/money.ts";
import { Breadcrumbs } from "../ui/Breadcrumbs.tsx";
import { primaryButton, secondaryButton } from "../ui/buttons.ts";

const range = (lo: number, hi: number, unit: string) => (lo === hi ? `${lo}${unit}` : `${lo}–${hi}${unit}`);
const DIFFICULTY: Record<string, string> = {
  beginner: "Beginner",
  intermediate: "Intermediate",
  advanced: "Advanced",
};

/** GET /animals: every profile as a card. */
export function SpeciesIndex({ species }: { species: Species[] }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">Shop by Animal</h1>
      <p className="mt-2 max-w-3xl text-stone-700">
        Care sheets for the reptiles and amphibians South African keepers keep most, each with a setup checklist of what
        the animal needs and the products in stock that fit it.
      </p>
      <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {species.map((s) => (
          <li key={s.slug} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
            <h2 className="text-lg font-bold">
              <a href={`/animals/${s.slug}`} className="text-green-900 hover:underline">{s.commonName}</a>
            </h2>
            <p className="text-sm italic text-stone-600">{s.scientificName}</p>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">Adult size</dt>
              <dd>{s.adultSize}</dd>
              <dt className="text-stone-600">Difficulty</dt>
              <dd>{DIFFICULTY[s.difficulty] ?? s.difficulty}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-stone-200 py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="font-medium text-stone-700">{label}</dt>
      <dd className="mt-1 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** The husbandry facts of one species. */
function Facts({ s }: { s: Species }) {
  const aquatic = s.habitat === "aquatic";
  return (
    <dl className="mt-4 text-sm">
      <Fact label="Adult size">{s.adultSize}</Fact>
      <Fact label="Lifespan">{s.lifespan}</Fact>
      <Fact label="Diet">{s.diet}</Fact>
      <Fact label={aquatic ? "Water temperature" : "Temperatures"}>
        <ul>
          {s.baskingMinC !== null && s.baskingMaxC !== null
            ? <li>{`Basking spot: ${range(s.baskingMinC, s.baskingMaxC, " °C")}`}</li>
            : null}
          <li>{`Warm side: ${range(s.warmMinC, s.warmMaxC, " °C")}`}</li>
          <li>{`Cool side: ${range(s.coolMinC, s.coolMaxC, " °C")}`}</li>
          <li>{`Night: ${range(s.nightMinC, s.nightMaxC, " °C")}`}</li>
        </ul>
      </Fact>
      <Fact label="Humidity">
        {aquatic ? "Fully aquatic" : range(s.humidityMinPct, s.humidityMaxPct, "%")}
      </Fact>
      <Fact label="UVB">
        {s.uvbMinPct !== null && s.uvbMaxPct !== null
          ? `${range(s.uvbMinPct, s.uvbMaxPct, "%")} T5 tube, Ferguson zone ${s.uvbZone}`
          : "None needed"}
      </Fact>
      <Fact label="Minimum enclosure (one adult)">
        {`${s.enclosureLengthCm} x ${s.enclosureWidthCm} x ${s.enclosureHeightCm} cm (length x width x height)`}
      </Fact>
      <Fact label="Substrate">{s.substrate}</Fact>
      <Fact label="Difficulty">{DIFFICULTY[s.difficulty] ?? s.difficulty}</Fact>
    </dl>
  );
}

const STATUS_TEXT = { covered: "Covered", unsuitable: "Does not suit", missing: "Missing" } as const;
const STATUS_CLASS = {
  covered: "bg-green-100 text-green-900",
  unsuitable: "bg-amber-100 text-amber-900",
  missing: "bg-red-100 text-red-900",
} as const;

/** One product of a need, with an Add form posting to the cart (a variant is added as that variant). */
function Offer({ p, slug }: { p: OfferedProduct; slug: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <a href={`/product/${p.productSlug}`} className="font-medium text-green-900 hover:underline">{p.name}</a>
        {p.staffPick
          ? <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs text-stone-700">Staff pick</span>
          : null}
        <span className="ml-2 text-stone-700">{formatMoney(p.priceCents)}</span>
      </span>
      <form method="post" action="/cart" data-cart-add>
        <input type="hidden" name="productId" value={p.productId} />
        {p.variantId !== null ? <input type="hidden" name="variantId" value={p.variantId} /> : null}
        <input type="hidden" name="quantity" value="1" />
        <input type="hidden" name="redirect" value={`/animals/${slug}`} />
        <button type="submit" className={secondaryButton}>
          Add<span className="sr-only">: {p.name}</span>
        </button>
      </form>
    </li>
  );
}

function NeedItem({ n, slug }: { n: ChecklistNeed; slug: string }) {
  const status = n.coverage?.status;
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" id={`need-${n.need}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-base font-bold">{n.label}</h3>
        <span className="text-xs font-medium text-stone-600">{n.required ? "Essential" : "Optional"}</span>
        {status
          ? (
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}>
              {STATUS_TEXT[status]}
            </span>
          )
          : null}
      </div>
      <p className="mt-1 text-sm text-stone-700">{n.reason}</p>
      {n.coverage?.covering.length
        ? <p className="mt-1 text-sm text-green-900">In your cart: {n.coverage.covering.join(", ")}</p>
        : null}
      {n.coverage?.notes.length
        ? (
          <ul className="mt-1 list-disc pl-5 text-sm text-amber-900">
            {n.coverage.notes.map((note, i) => <li key={i}>{note}</li>)}
          </ul>
        )
        : null}
      {n.products.length
        ? (
          <ul className="mt-2 divide-y divide-stone-100 text-sm" aria-label={`Products for ${n.label.toLowerCase()}`}>
            {n.products.map((p) => <Offer key={`${p.productId}-${p.variantId}`} p={p} slug={slug} />)}
          </ul>
        )
        : n.required
        ? <p className="mt-2 text-sm text-stone-600">Nothing in stock fits this need right now.</p>
        : null}
    </li>
  );
}

/** The setup checklist with 'Add the essentials to cart' (a plain form: works without JavaScript). */
export function SetupChecklist({ list }: { list: Checklist }) {
  const slug = list.species.slug;
  const total = list.essentials.reduce((sum, p) => sum + p.priceCents, 0);
  return (
    <section aria-labelledby="setup-heading" className="mt-10" id="setup">
      <h2 id="setup-heading" className="text-2xl font-bold">Setup checklist</h2>
      {list.gaps !== null
        ? (
          <p className="mt-2 text-stone-700" role="status">
            <strong>Your setup so far:</strong>
            {list.gaps === 0
              ? ` your cart covers every essential for a ${list.species.commonName.toLowerCase()}.`
              : ` your cart still lacks ${list.gaps} essential${list.gaps === 1 ? "" : "s"} (marked below).`}
          </p>
        )
        : (
          <p className="mt-2 text-stone-700">
            What one adult {list.species.commonName.toLowerCase()} needs, with products in stock that fit it.
          </p>
        )}
      {list.essentials.length
        ? (
          <form method="post" action={`/animals/${slug}/essentials`} className="mt-4 flex flex-wrap items-center gap-3">
            <button type="submit" className={primaryButton}>Add the essentials to cart</button>
            <span className="text-sm text-stone-700">
              {list.essentials.length} item{list.essentials.length === 1 ? "" : "s"}, {formatMoney(total)}
            </span>
          </form>
        )
        : null}
      <ol className="mt-4 grid gap-3 lg:grid-cols-2">
        {list.needs.map((n) => <NeedItem key={n.need} n={n} slug={slug} />)}
      </ol>
      <form method="post" action={`/animals/${slug}/choose`} className="mt-4">
        <button type="submit" className={secondaryButton}>Check my cart for this animal</button>
      </form>
    </section>
  );
}

/** GET /animals/{slug}: the profile and its checklist. */
export function SpeciesProfile({ species: s, list }: { species: Species; list: Checklist }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs
        items={[{ label: "Home", href: "/" }, { label: "Animals", href: "/animals" }, { label: s.commonName }]}
      />
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">{s.commonName}</h1>
      <p className="italic text-stone-600">{s.scientificName}</p>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div>
          <p className="text-lg text-stone-800">{s.careSummary}</p>
          {s.legalNote
            ? (
              <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                <strong>Legal note:</strong>
                {` ${s.legalNote}`}
              </p>
            )
            : null}
          <p className="mt-4 text-sm">
            <a href={`/products?animal=${s.slug}`} className="font-semibold text-green-900 hover:underline">
              Shop everything for the {s.commonName.toLowerCase()}
            </a>
          </p>
        </div>
        <div>
          <h2 className="text-xl font-bold">Husbandry at a glance</h2>
          <Facts s={s} />
        </div>
      </div>
      <SetupChecklist list={list} />
    </div>
  );
}

/** The cart page's note: what each chosen animal's setup still lacks. */
export function SetupGaps({ lists }: { lists: Checklist[] }) {
  if (!lists.length) return null;
  return (
    <section aria-labelledby="setup-gaps" className="mx-auto mt-6 max-w-7xl px-4">
      <h2 id="setup-gaps" className="text-xl font-bold">Your animals' setups</h2>
      <ul className="mt-2 grid gap-3 md:grid-cols-2">
        {lists.map((list) => {
          const gaps = list.needs.filter((n) => n.required && n.coverage?.status !== "covered");
          return (
            <li key={list.species.slug} className="rounded-lg border border-stone-200 bg-white p-4 text-sm">
              <h3 className="font-bold">
                <a href={`/animals/${list.species.slug}#setup`} className="text-green-900 hover:underline">
                  {list.species.commonName}
                </a>
              </h3>
              {gaps.length
                ? (
                  <ul className="mt-1 list-disc pl-5">
                    {gaps.map((n) => (
                      <li key={n.need}>
                        {`${n.label}: ${n.coverage?.status === "unsuitable" ? n.coverage.notes.join(" ") : "missing"}`}
                      </li>
                    ))}
                  </ul>
                )
                : <p className="mt-1 text-green-900">Every essential is in your cart.</p>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
