/**
 * Line drawings for the generated catalogue images, one per kind of product, picked from the words
 * of the product's (or category's) name: a glass terrarium, a PVC enclosure, a UVB tube, a basking
 * bulb, a heat mat, a thermostat, a thermometer dial, a water bowl, feeding tongs, a substrate bag, a
 * hide, a plant, a supplement tub, a mister, a feeder keeper, an incubator, a transport box, and the
 * shop's gecko for anything else. Each drawing sits in a 300 x 300 box; ./placeholder.ts places it.
 */

export type ArtKind =
  | "terrarium"
  | "pvc"
  | "uvb"
  | "bulb"
  | "heatmat"
  | "thermostat"
  | "gauge"
  | "bowl"
  | "tongs"
  | "substrate"
  | "hide"
  | "plant"
  | "supplement"
  | "mister"
  | "feeder"
  | "incubator"
  | "carrier"
  | "gecko";

/**
 * Keywords per kind, first match wins: the order settles names with two kinds of word ("Bioactive
 * Substrate Kit for 90x45 Terrarium" is substrate, "Terrarium Glass Cleaner" a mister, "Cork Bark
 * Tube" decor, not a UVB tube).
 */
const RULES: [ArtKind, RegExp][] = [
  ["mister", /\b(mist|misting|mister|sprayer|spray|fogger|monsoon|cleaner|disinfectant|f10|wipe|cleaning)\b/],
  ["gauge", /\b(thermometer|hygrometer|combimeter|meter|gauge|scale)\b/],
  ["thermostat", /\b(thermostat|stat|timer|controller|dimmer)\b/],
  ["heatmat", /\b(mat|cable)\b/],
  ["tongs", /\b(tongs|tweezers|scoop|scraper)\b/],
  ["plant", /\b(plant|plants|vine|branch|driftwood|cork|background|decor|enrichment|hammock|platform|waterfall)\b/],
  ["hide", /\b(hide|cave|hut|shelter)\b/],
  [
    "substrate",
    /\b(substrate|soil|sand|bark|fibre|fiber|coco|moss|mix|litter|bedding|brick|chips|clay|vermiculite)\b/,
  ],
  ["uvb", /\b(uvb|t5|t8|tube|led|bar)\b/],
  ["bulb", /\b(basking|bulb|lamp|halogen|emitter|projector|heat|heating|lighting)\b/],
  ["pvc", /\b(pvc|rack|vision)\b/],
  ["incubator", /\b(incubator|incubation|egg|eggs|hatch|hatchling|breeding|nursery)\b/],
  [
    "supplement",
    /\b(calcium|calciumag|vitamin|multivitamin|supplement|powder|probiotic|food|diet|gut|conditioner|shedding|aid|health|hygiene|syringe|d3)\b/,
  ],
  ["bowl", /\b(bowl|dish|ledge|cups|water|bathing|tub)\b/],
  ["tongs", /\b(tongs|tweezers|hook|scoop|scraper|feeding)\b/],
  ["feeder", /\b(cricket|crickets|mealworm|keeper|culture|isopod|springtail|insect|insects|feeders?)\b/],
  ["carrier", /\b(transport|carrier|faunarium|bag|bags|handling)\b/],
  [
    "terrarium",
    /\b(terrarium|terraria|enclosure|enclosures|vivarium|cage|glass|nano|screen|housing|table|stand|lock|chameleon|quarantine)\b/,
  ],
];

/** The kind of drawing for a slug ("exo-terra-glass-terrarium-60x45x90"). */
export function artKind(slug: string): ArtKind {
  const words = ` ${slug.replace(/-/g, " ")} `;
  // "heat mat" and "heat pack" are two-word kinds: join them before matching single words.
  const text = words.replace(/\bheat (mat|pack)\b/g, "heat-$1 mat");
  for (const [kind, re] of RULES) if (re.test(text)) return kind;
  return "gecko";
}

const S = 'stroke="rgba(255,255,255,.8)"';
const F = 'fill="rgba(255,255,255,.16)"';
const A = 'fill="rgba(255,255,255,.55)"';
const DARK = 'fill="rgba(0,0,0,.22)"';
const TEXT = 'fill="rgba(255,255,255,.9)" stroke="none" font-family="system-ui,sans-serif" font-weight="700"';

function ticks(cx: number, cy: number, r1: number, r2: number, from: number, to: number, step: number) {
  let d = "";
  for (let a = from; a <= to; a += step) {
    const rad = ((a - 90) * Math.PI) / 180;
    const [c, s] = [Math.cos(rad), Math.sin(rad)];
    d += `M${(cx + r1 * c).toFixed(1)} ${(cy + r1 * s).toFixed(1)}L${(cx + r2 * c).toFixed(1)} ${
      (cy + r2 * s).toFixed(1)
    }`;
  }
  return d;
}

const ART: Record<ArtKind, string> = {
  terrarium: `<rect x="40" y="58" width="220" height="192" rx="8" ${F}/>
<rect x="40" y="58" width="220" height="34" rx="8" ${DARK}/>
<path d="M58 75h184" stroke-width="5" stroke-dasharray="4 9"/><path d="M40 92h220M150 92v158"/>
<path d="M138 160v26M162 160v26" stroke-width="10"/>
<path d="M40 232h220" stroke-width="4"/><path d="M76 232c2-40 14-66 34-86M92 232c-6-22-20-36-36-42M110 146c10 6 14 14 14 24" stroke-width="7"/>
<path d="M196 232c0-20 10-30 26-34" stroke-width="7"/>`,
  pvc: `<rect x="30" y="66" width="240" height="178" rx="16" fill="rgba(0,0,0,.28)"/>
<rect x="56" y="104" width="188" height="114" rx="4" ${F}/>
<path d="M146 104v114M154 104v114" stroke-width="5"/><path d="M60 86h150" stroke-width="5" stroke-dasharray="4 9"/>
<circle cx="238" cy="86" r="7" ${A}/><path d="M56 200h188" stroke-width="4"/>`,
  uvb: `<path d="M70 206l-14 34M120 206l-5 38M170 206l5 38M220 206l14 34" stroke-width="5" stroke-dasharray="8 8"/>
<rect x="34" y="140" width="232" height="44" rx="22" ${F}/>
<rect x="20" y="132" width="34" height="60" rx="8" ${A}/><rect x="246" y="132" width="34" height="60" rx="8" ${A}/>
<path d="M8 150h12M8 174h12M280 150h12M280 174h12" stroke-width="5"/>
<text x="150" y="171" font-size="26" text-anchor="middle" ${TEXT}>UVB</text>
<path d="M80 100l10-18M150 96V70M220 100l-10-18" stroke-width="6"/>`,
  bulb:
    `<path d="M150 40c-52 0-84 36-84 80 0 30 18 50 32 64 10 10 16 22 16 36h72c0-14 6-26 16-36 14-14 32-34 32-64 0-44-32-80-84-80z" ${F}/>
<path d="M126 176l8-46 16 30 16-30 8 46" stroke-width="6"/>
<path d="M114 232h72M118 250h64M130 268h40" stroke-width="9"/>
<path d="M40 96c-12-12 12-22 0-34M260 96c12-12-12-22 0-34M30 160c-14-10 8-22-6-34M270 160c14-10-8-22 6-34" stroke-width="6"/>`,
  heatmat: `<path d="M100 74c-10-10 10-18 0-30M150 74c-10-10 10-18 0-30M200 74c-10-10 10-18 0-30" stroke-width="6"/>
<rect x="36" y="92" width="228" height="132" rx="10" ${F}/>
<path d="M62 118h168c12 0 12 20 0 20H74c-12 0-12 20 0 20h156c12 0 12 20 0 20H74c-12 0-12 20 0 20h170" stroke-width="5" fill="none"/>
<path d="M264 206c24 4 26 36 6 46s-48 4-70 24" stroke-width="6"/><rect x="186" y="262" width="22" height="16" rx="3" ${A}/>`,
  thermostat: `<rect x="84" y="40" width="132" height="180" rx="16" ${F}/>
<rect x="102" y="60" width="96" height="50" rx="6" ${DARK}/>
<text x="150" y="96" font-size="28" text-anchor="middle" ${TEXT}>28°</text>
<circle cx="150" cy="160" r="30"/><path d="M150 160l16-18" stroke-width="7"/>${`<path d="${
    ticks(150, 160, 38, 46, -120, 120, 30)
  }" stroke-width="4"/>`}
<path d="M150 220c0 30-36 30-56 40s-26 18-46 14" stroke-width="6"/><rect x="26" y="264" width="28" height="14" rx="7" ${A}/>`,
  gauge: `<circle cx="150" cy="150" r="104" ${F}/><circle cx="150" cy="150" r="82"/>
<path d="${ticks(150, 150, 64, 78, -120, 120, 20)}" stroke-width="4"/>
<path d="M150 150l46-38" stroke-width="7"/><circle cx="150" cy="150" r="9" ${A}/>
<path d="M150 186c-8 12-13 19-13 26a13 13 0 0 0 26 0c0-7-5-14-13-26z" ${A} stroke-width="4"/>
<text x="150" y="118" font-size="20" text-anchor="middle" ${TEXT}>°C</text>`,
  bowl: `<path d="M36 146c0 58 52 92 114 92s114-34 114-92z" ${F}/>
<ellipse cx="150" cy="146" rx="114" ry="32" fill="rgba(255,255,255,.1)"/>
<ellipse cx="150" cy="146" rx="84" ry="20" fill="rgba(200,235,255,.4)"/>
<path d="M118 146c12-7 52-7 64 0M134 134c6-3 26-3 32 0" stroke-width="4"/>
<path d="M70 196l8 4M110 214l10 2M190 214l-10 2M230 196l-8 4" stroke-width="6"/>
<path d="M150 60c-10 16-16 24-16 32a16 16 0 0 0 32 0c0-8-6-16-16-32z" ${A} stroke-width="4"/>`,
  tongs: `<path d="M44 252L236 58M44 252L256 82" stroke-width="12"/>
<circle cx="44" cy="252" r="12" ${A}/><path d="M236 58l12-6M256 82l6-12" stroke-width="8"/>
<path d="M86 200l10 10M106 180l10 10M126 160l10 10" stroke-width="4"/>
<ellipse cx="250" cy="64" rx="20" ry="9" transform="rotate(-40 250 64)" ${A}/>
<path d="M262 48l16-14M266 56l22-6" stroke-width="3"/>`,
  substrate: `<path d="M84 56h132l18 190c1 12-6 18-18 18H84c-12 0-19-6-18-18z" ${F}/>
<path d="M84 56l10-16h112l10 16" stroke-width="6"/><path d="M96 76h108" stroke-width="4" stroke-dasharray="6 8"/>
<rect x="98" y="120" width="104" height="86" rx="8" fill="rgba(255,255,255,.25)"/>
<path d="M118 192c0-34 30-52 64-52-4 34-28 52-64 52zM124 186l40-32" stroke-width="5" ${A}/>
<path d="M20 272c26-34 70-38 110 0z" fill="rgba(70,45,20,.35)"/><path d="M44 262l4-2M70 252l4 2M96 258l3-3" stroke-width="5"/>`,
  hide: `<path d="M30 240c0-92 54-152 120-152s120 60 120 152z" ${F}/>
<path d="M106 240c0-44 20-70 44-70s44 26 44 70z" fill="rgba(0,0,0,.35)"/>
<path d="M70 170c16-6 28 0 40-10M186 126c16 0 28 10 40 4M200 196c14 4 24 0 32 8M84 120c10-8 20-8 30-16" stroke-width="6"/>
<path d="M14 240h272" stroke-width="6"/><circle cx="150" cy="214" r="5" ${A}/>`,
  plant: `<path d="M150 262c0-64-8-126 12-200" stroke-width="8"/>
<path d="M152 206c-44 2-78-20-88-54 42-2 76 18 88 54z" ${F}/><path d="M150 206c-30-10-54-26-70-48" stroke-width="4"/>
<path d="M156 150c40 0 70-22 80-56-40 0-70 20-80 56z" ${F}/><path d="M158 150c26-12 48-30 62-48" stroke-width="4"/>
<path d="M160 100c-30-8-50-30-52-62 30 6 50 28 52 62z" ${F}/>
<path d="M96 262h108l-12-30h-84z" ${A} stroke-width="5"/>`,
  supplement: `<rect x="78" y="94" width="144" height="160" rx="14" ${F}/>
<rect x="68" y="62" width="164" height="38" rx="8" fill="rgba(255,255,255,.4)"/>
<path d="M84 70v22M104 70v22M124 70v22M144 70v22M164 70v22M184 70v22M204 70v22" stroke-width="3"/>
<rect x="94" y="132" width="112" height="84" rx="8" fill="rgba(255,255,255,.25)"/>
<text x="150" y="186" font-size="38" text-anchor="middle" ${TEXT}>Ca</text>
<circle cx="246" cy="236" r="6" ${A}/><circle cx="262" cy="250" r="4" ${A}/><circle cx="240" cy="256" r="3" ${A}/>`,
  mister: `<path d="M104 128h92v118c0 14-8 22-22 22h-48c-14 0-22-8-22-22z" ${F}/>
<rect x="128" y="100" width="44" height="28" rx="4" ${A}/>
<path d="M150 100V52M118 52h64" stroke-width="10"/>
<path d="M172 110h48l10-8" stroke-width="7"/><path d="M104 180h92" stroke-width="4" stroke-dasharray="8 8"/>
<circle cx="246" cy="92" r="5" ${A}/><circle cx="262" cy="80" r="4" ${A}/><circle cx="260" cy="104" r="4" ${A}/><circle cx="276" cy="94" r="3" ${A}/><circle cx="280" cy="114" r="3" ${A}/><circle cx="278" cy="72" r="3" ${A}/>`,
  feeder: `<rect x="46" y="112" width="208" height="128" rx="10" ${F}/>
<rect x="38" y="92" width="224" height="26" rx="6" fill="rgba(255,255,255,.35)"/>
<rect x="86" y="56" width="26" height="40" rx="5" ${F}/><rect x="137" y="56" width="26" height="40" rx="5" ${F}/><rect x="188" y="56" width="26" height="40" rx="5" ${F}/>
<ellipse cx="150" cy="186" rx="32" ry="13" ${A}/><circle cx="116" cy="180" r="9" ${A}/>
<path d="M132 196l-16 22M168 196l24 18M176 180l26-26M110 174l-22-24M106 176l-28-10" stroke-width="4"/>`,
  incubator: `<rect x="46" y="62" width="208" height="180" rx="18" ${F}/>
<rect x="70" y="86" width="160" height="100" rx="8" ${DARK}/>
<ellipse cx="108" cy="146" rx="17" ry="23" ${A}/><ellipse cx="150" cy="146" rx="17" ry="23" ${A}/><ellipse cx="192" cy="146" rx="17" ry="23" ${A}/>
<rect x="82" y="202" width="72" height="22" rx="4" ${DARK}/><circle cx="200" cy="213" r="12"/>
<text x="118" y="219" font-size="16" text-anchor="middle" ${TEXT}>29.5°</text>`,
  carrier: `<path d="M108 112V82c0-10 8-18 18-18h48c10 0 18 8 18 18v30" stroke-width="10"/>
<rect x="44" y="112" width="212" height="136" rx="14" ${F}/>
<path d="M76 150h148M76 176h148M76 202h148" stroke-width="6" stroke-dasharray="12 12"/>
<path d="M44 130h212" stroke-width="4"/>`,
  gecko: `<g transform="translate(0 20) scale(1)">
<path d="M30 150c40-60 110-70 150-40s90 40 120 0"/><path d="M180 110c0-30 20-55 50-55s45 20 45 40-20 30-40 25"/>
<path d="M70 135l-25 45M130 120l10 55M230 140l20 40M110 130l-40-40M220 120l35-45"/>
<circle cx="245" cy="85" r="5" fill="rgba(255,255,255,.7)"/></g>`,
};

/** The drawing's SVG elements (stroke and fill set inside; wrap in a group that places it). */
export function artSvg(kind: ArtKind): string {
  return `<g ${S} fill="none" stroke-width="8" stroke-linecap="round" stroke-linejoin="round">${ART[kind]}</g>`;
}

export const artKinds = Object.keys(ART) as ArtKind[];
