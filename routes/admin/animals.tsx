/**
 * /admin/animals: the species profiles for staff (docs/animals.md): the list, and each profile's
 * form (the no-JavaScript twin of PUT /api/admin/animals/{slug}) with its audit history.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppEnv } from "../context.ts";
import { getSpecies, listSpecies, type Species } from "../../domains/animals/mod.ts";
import { listAuditFor } from "../../domains/admin_audit/mod.ts";
import { formRoute } from "../action.ts";
import { setFlash } from "../flash.ts";
import { renderAdminPage } from "./render.tsx";
import { updateSpeciesAction } from "../api/admin_animals.ts";
import { fieldInputClass, fieldLabelClass } from "../../components/ui/Field.tsx";
import { primaryButton } from "../../components/ui/buttons.ts";

const ACTIVE = "/admin/animals";

/** Form text as the action's input: numbers as numbers, empty optional numbers as null. */
function speciesInput(f: Record<string, string>) {
  const num = (k: string) => (f[k] === undefined || f[k].trim() === "" ? null : Number(f[k]));
  const req = (k: string) => (f[k] === undefined || f[k].trim() === "" ? Number.NaN : Number(f[k]));
  return {
    commonName: f.commonName ?? "",
    scientificName: f.scientificName ?? "",
    nicknames: (f.nicknames ?? "").split(",").map((n) => n.trim()).filter(Boolean),
    adultSize: f.adultSize ?? "",
    lifespan: f.lifespan ?? "",
    diet: f.diet ?? "",
    baskingMinC: num("baskingMinC"),
    baskingMaxC: num("baskingMaxC"),
    warmMinC: req("warmMinC"),
    warmMaxC: req("warmMaxC"),
    coolMinC: req("coolMinC"),
    coolMaxC: req("coolMaxC"),
    nightMinC: req("nightMinC"),
    nightMaxC: req("nightMaxC"),
    humidityMinPct: req("humidityMinPct"),
    humidityMaxPct: req("humidityMaxPct"),
    uvbMinPct: num("uvbMinPct"),
    uvbMaxPct: num("uvbMaxPct"),
    uvbZone: num("uvbZone"),
    enclosureLengthCm: req("enclosureLengthCm"),
    enclosureWidthCm: req("enclosureWidthCm"),
    enclosureHeightCm: req("enclosureHeightCm"),
    substrate: f.substrate ?? "",
    difficulty: f.difficulty ?? "",
    careSummary: f.careSummary ?? "",
    legalNote: f.legalNote ?? "",
  };
}

function Num({ name, label, value }: { name: keyof Species; label: string; value: number | null }) {
  return (
    <div>
      <label htmlFor={`sp-${name}`} className={fieldLabelClass}>{label}</label>
      <input id={`sp-${name}`} name={name} type="number" defaultValue={value ?? ""} className={fieldInputClass} />
    </div>
  );
}

function Text({ name, label, value, long }: { name: keyof Species; label: string; value: string; long?: boolean }) {
  return (
    <div className={long ? "sm:col-span-2" : ""}>
      <label htmlFor={`sp-${name}`} className={fieldLabelClass}>{label}</label>
      {long
        ? <textarea id={`sp-${name}`} name={name} rows={3} defaultValue={value} className={fieldInputClass} />
        : <input id={`sp-${name}`} name={name} defaultValue={value} className={fieldInputClass} />}
    </div>
  );
}

function SpeciesForm({ s, history }: { s: Species; history: { at: string; fields: string[] }[] }) {
  return (
    <div className="space-y-6">
      <p>
        <a href="/admin/animals" className="text-sm text-green-900 underline">All species</a> ·{" "}
        <a href={`/animals/${s.slug}`} className="text-sm text-green-900 underline">View on the shop</a>
      </p>
      <form method="post" action={`/admin/animals/${s.slug}`} className="grid gap-4 sm:grid-cols-2">
        <Text name="commonName" label="Common name" value={s.commonName} />
        <Text name="scientificName" label="Scientific name" value={s.scientificName} />
        <Text name="nicknames" label="Nicknames (comma-separated, for search)" value={s.nicknames.join(", ")} long />
        <Text name="adultSize" label="Adult size" value={s.adultSize} />
        <Text name="lifespan" label="Lifespan" value={s.lifespan} />
        <Text name="diet" label="Diet" value={s.diet} long />
        <Num name="baskingMinC" label="Basking from (°C, empty: no basking)" value={s.baskingMinC} />
        <Num name="baskingMaxC" label="Basking to (°C)" value={s.baskingMaxC} />
        <Num name="warmMinC" label="Warm side from (°C)" value={s.warmMinC} />
        <Num name="warmMaxC" label="Warm side to (°C)" value={s.warmMaxC} />
        <Num name="coolMinC" label="Cool side from (°C)" value={s.coolMinC} />
        <Num name="coolMaxC" label="Cool side to (°C)" value={s.coolMaxC} />
        <Num name="nightMinC" label="Night from (°C)" value={s.nightMinC} />
        <Num name="nightMaxC" label="Night to (°C)" value={s.nightMaxC} />
        <Num name="humidityMinPct" label="Humidity from (%)" value={s.humidityMinPct} />
        <Num name="humidityMaxPct" label="Humidity to (%)" value={s.humidityMaxPct} />
        <Num name="uvbMinPct" label="UVB tube from (%, empty: no UVB)" value={s.uvbMinPct} />
        <Num name="uvbMaxPct" label="UVB tube to (%)" value={s.uvbMaxPct} />
        <Num name="uvbZone" label="Ferguson zone (1-4)" value={s.uvbZone} />
        <Num name="enclosureLengthCm" label="Minimum enclosure length (cm)" value={s.enclosureLengthCm} />
        <Num name="enclosureWidthCm" label="Minimum enclosure width (cm)" value={s.enclosureWidthCm} />
        <Num name="enclosureHeightCm" label="Minimum enclosure height (cm)" value={s.enclosureHeightCm} />
        <div>
          <label htmlFor="sp-difficulty" className={fieldLabelClass}>Difficulty</label>
          <select id="sp-difficulty" name="difficulty" defaultValue={s.difficulty} className={fieldInputClass}>
            <option value="beginner">Beginner</option>
            <option value="intermediate">Intermediate</option>
            <option value="advanced">Advanced</option>
          </select>
        </div>
        <Text name="substrate" label="Substrate" value={s.substrate} long />
        <Text name="careSummary" label="Care summary" value={s.careSummary} long />
        <Text name="legalNote" label="Legal note (facts only; empty: none)" value={s.legalNote ?? ""} long />
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton}>Save species</button>
        </div>
      </form>
      <section aria-labelledby="species-history">
        <h2 id="species-history" className="text-lg font-bold">History</h2>
        {history.length
          ? (
            <ul className="mt-2 text-sm">
              {history.map((h, i) => <li key={i}>{`${h.at}: ${h.fields.join(", ")}`}</li>)}
            </ul>
          )
          : <p className="mt-2 text-sm text-stone-600">No staff changes yet.</p>}
      </section>
    </div>
  );
}

async function speciesPage(c: Context<AppEnv>, status: 200 | 400 = 200) {
  const s = await getSpecies(c.var.db, c.req.param("slug") ?? "");
  const audit = await listAuditFor(c.var.db, "species", s.id, 50);
  const history = audit.map((a) => ({
    at: a.createdAt.toISOString().slice(0, 16).replace("T", " "),
    fields: Object.keys((a.details?.changes ?? {}) as Record<string, unknown>),
  }));
  return renderAdminPage(c, {
    title: s.commonName,
    active: ACTIVE,
    status,
    body: (
      <div>
        <h1 className="mb-4 text-2xl font-bold">{s.commonName}</h1>
        <SpeciesForm s={s} history={history} />
      </div>
    ),
  });
}

export function animalsAdmin() {
  const app = new Hono<AppEnv>();
  app.get("/", async (c) => {
    const all = await listSpecies(c.var.db);
    return renderAdminPage(c, {
      title: "Species",
      active: ACTIVE,
      body: (
        <div>
          <h1 className="mb-4 text-2xl font-bold">Species</h1>
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                <th scope="col" className="py-2">Species</th>
                <th scope="col">Scientific name</th>
                <th scope="col">Minimum enclosure</th>
                <th scope="col">UVB</th>
              </tr>
            </thead>
            <tbody>
              {all.map((s) => (
                <tr key={s.slug} className="border-t border-stone-200">
                  <td className="py-2">
                    <a href={`/admin/animals/${s.slug}`} className="font-medium text-green-900 underline">
                      {s.commonName}
                    </a>
                  </td>
                  <td className="italic">{s.scientificName}</td>
                  <td>{`${s.enclosureLengthCm}x${s.enclosureWidthCm}x${s.enclosureHeightCm} cm`}</td>
                  <td>{s.uvbMinPct === null ? "None" : `${s.uvbMinPct}-${s.uvbMaxPct}%`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ),
    });
  });
  app.get("/:slug", (c) => speciesPage(c));
  formRoute(app, updateSpeciesAction, {
    path: "/:slug",
    input: speciesInput,
    onSuccess: (c, output) => {
      setFlash(c, { title: "Species saved", description: `${output.commonName} is updated.` });
      return c.redirect(`/admin/animals/${output.slug}`, 303);
    },
    onError: (c, err) => {
      setFlash(c, { title: "Species not saved", description: err.message, variant: "destructive" });
      return c.redirect(`/admin/animals/${c.req.param("slug")}`, 303);
    },
  });
  return app;
}
