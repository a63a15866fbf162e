/** Species profiles and checklists as the API answers them (shapes: contract/animals.ts). */
import type { z } from "zod";
import type { Checklist, OfferedProduct, Species } from "../../domains/animals/mod.ts";
import type { offeredProduct, setupChecklist, speciesProfile, speciesSummary } from "../../contract/animals.ts";
import { toRand } from "../../lib/money.ts";

export function speciesSummaryJson(s: Species): z.input<typeof speciesSummary> {
  return {
    slug: s.slug,
    commonName: s.commonName,
    scientificName: s.scientificName,
    group: s.group,
    difficulty: s.difficulty,
    adultSize: s.adultSize,
    url: `/animals/${s.slug}`,
  };
}

export function speciesProfileJson(s: Species): z.input<typeof speciesProfile> {
  return {
    ...speciesSummaryJson(s),
    nicknames: s.nicknames,
    habitat: s.habitat,
    arboreal: s.arboreal,
    lifespan: s.lifespan,
    diet: s.diet,
    dietType: s.dietType,
    temperaturesC: {
      basking: s.baskingMinC === null || s.baskingMaxC === null ? null : { min: s.baskingMinC, max: s.baskingMaxC },
      warm: { min: s.warmMinC, max: s.warmMaxC },
      cool: { min: s.coolMinC, max: s.coolMaxC },
      night: { min: s.nightMinC, max: s.nightMaxC },
    },
    humidityPct: { min: s.humidityMinPct, max: s.humidityMaxPct },
    uvb: s.uvbMinPct === null || s.uvbMaxPct === null
      ? null
      : { minPercent: s.uvbMinPct, maxPercent: s.uvbMaxPct, fergusonZone: s.uvbZone ?? 0 },
    minimumEnclosureCm: { length: s.enclosureLengthCm, width: s.enclosureWidthCm, height: s.enclosureHeightCm },
    substrate: s.substrate,
    careSummary: s.careSummary,
    legalNote: s.legalNote,
  };
}

export function offeredJson(p: OfferedProduct): z.input<typeof offeredProduct> {
  return {
    productId: p.productId,
    variantId: p.variantId,
    name: p.name,
    url: `/product/${p.productSlug}`,
    price: toRand(p.priceCents),
    staffPick: p.staffPick,
  };
}

export function checklistJson(list: Checklist): z.input<typeof setupChecklist> {
  return {
    species: speciesSummaryJson(list.species),
    enclosureLengthCm: list.enclosureLengthCm,
    needs: list.needs.map((n) => ({
      need: n.need,
      label: n.label,
      required: n.required,
      reason: n.reason,
      products: n.products.map(offeredJson),
      status: n.coverage?.status ?? null,
      notes: n.coverage?.notes ?? [],
      covering: n.coverage?.covering ?? [],
    })),
    essentials: list.essentials.map(offeredJson),
    gaps: list.gaps,
  };
}
