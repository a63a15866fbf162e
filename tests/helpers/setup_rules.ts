/** A setup rule for the tests of staff's setup rules (docs/animals.md): one UVB tube's, as JSON and as its form. */

/** A product-wide 12% T5 tube, 85 cm, for desert and arid set-ups, staff pick, replaced yearly (the JSON body). */
export const tubeRule = {
  variantId: null,
  need: "uvb",
  enclosureLengthCm: null,
  enclosureWidthCm: null,
  enclosureHeightCm: null,
  uvbPct: 12,
  tubeLengthCm: 85,
  habitats: ["desert", "arid"],
  speciesSlugs: [],
  staffPick: true,
  replacementMonths: 12,
};

/** The same rule as the setup page's form posts it. */
export const tubeRuleForm = {
  need: "uvb",
  variantId: "",
  uvbPct: "12",
  tubeLengthCm: "85",
  habitat_desert: "on",
  habitat_arid: "on",
  staffPick: "on",
  replacementMonths: "12",
};
