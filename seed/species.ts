/**
 * Species profiles of the demo shop (docs/animals.md): the husbandry facts a keeper asks for at the
 * counter. Temperatures are °C ranges [min, max]; UVB is the T5 tube strength in percent that suits
 * the species (null: no UVB lamp needed) with its Ferguson zone; the enclosure is the minimum for
 * one adult (length x width x height, cm). Legal notes are facts, not advice.
 */

export type Habitat = "desert" | "arid" | "savanna" | "temperate" | "tropical" | "aquatic";
export type DietType = "insectivore" | "omnivore" | "herbivore" | "carnivore";
export type Difficulty = "beginner" | "intermediate" | "advanced";

export interface SeedSpecies {
  slug: string;
  commonName: string;
  scientificName: string;
  nicknames: string[];
  group: "lizard" | "gecko" | "snake" | "tortoise" | "amphibian";
  habitat: Habitat;
  arboreal: boolean;
  adultSize: string;
  lifespan: string;
  diet: string;
  dietType: DietType;
  basking: [number, number] | null;
  warm: [number, number];
  cool: [number, number];
  night: [number, number];
  humidity: [number, number];
  uvb: { minPct: number; maxPct: number; zone: 1 | 2 | 3 | 4 } | null;
  enclosure: [number, number, number];
  substrate: string;
  difficulty: Difficulty;
  careSummary: string;
  legalNote: string | null;
}

const INDIGENOUS_SA =
  "Indigenous to South Africa. Provincial nature conservation laws control keeping, buying, selling and " +
  "transporting indigenous reptiles, and a permit from the provincial conservation authority (for example " +
  "CapeNature or GDARD) is generally required. Animals may not be taken from the wild or released.";

export const seedSpecies: SeedSpecies[] = [
  {
    slug: "bearded-dragon",
    commonName: "Bearded dragon",
    scientificName: "Pogona vitticeps",
    nicknames: ["beardie", "beardies", "bearded dragon", "pogona", "central bearded dragon"],
    group: "lizard",
    habitat: "desert",
    arboreal: false,
    adultSize: "40-60 cm nose to tail tip",
    lifespan: "10-15 years",
    diet: "Omnivore. Juveniles eat mostly live insects; adults mostly leafy greens and vegetables, with " +
      "insects two or three times a week. Dust insects with calcium.",
    dietType: "omnivore",
    basking: [40, 45],
    warm: [30, 35],
    cool: [24, 28],
    night: [18, 22],
    humidity: [30, 40],
    uvb: { minPct: 12, maxPct: 14, zone: 4 },
    enclosure: [120, 60, 60],
    substrate: "A loose arid soil and sand mix (or clay) deep enough to dig in; no calcium sand.",
    difficulty: "beginner",
    careSummary: "A hardy, calm lizard that needs room and strong light. Give a hot basking spot at one " +
      "end and a cool end at the other, a T5 high-output 12-14% UVB tube across most of the length " +
      "(replaced every 12 months), 12-14 hours of light a day and calcium with D3 on its food.",
    legalNote: null,
  },
  {
    slug: "leopard-gecko",
    commonName: "Leopard gecko",
    scientificName: "Eublepharis macularius",
    nicknames: ["leo", "leos", "leopard gecko", "eublepharis"],
    group: "gecko",
    habitat: "arid",
    arboreal: false,
    adultSize: "20-25 cm",
    lifespan: "15-20 years",
    diet: "Insectivore: gut-loaded crickets, roaches, mealworms and calci-worms, dusted with calcium.",
    dietType: "insectivore",
    basking: [32, 35],
    warm: [28, 32],
    cool: [22, 26],
    night: [18, 22],
    humidity: [30, 40],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [90, 45, 45],
    substrate: "An arid soil and sand mix or clay; paper towel while in quarantine.",
    difficulty: "beginner",
    careSummary: "Active at dusk and night, so low-level UVB (a 6% tube) is enough. Heat one end from above " +
      "with a lamp on a thermostat, give three hides (warm, cool and a moist hide for shedding) and " +
      "feed insects dusted with calcium.",
    legalNote: null,
  },
  {
    slug: "crested-gecko",
    commonName: "Crested gecko",
    scientificName: "Correlophus ciliatus",
    nicknames: ["crestie", "cresties", "crested gecko", "rhacodactylus"],
    group: "gecko",
    habitat: "tropical",
    arboreal: true,
    adultSize: "20-25 cm including the tail",
    lifespan: "15-20 years",
    diet: "Omnivore: a complete crested gecko diet (powder mixed with water) with insects once or twice a week.",
    dietType: "omnivore",
    basking: null,
    warm: [24, 27],
    cool: [21, 23],
    night: [18, 21],
    humidity: [60, 80],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [45, 45, 60],
    substrate: "A humid tropical mix (coco fibre, soil and leaf litter); bioactive suits it well.",
    difficulty: "beginner",
    careSummary: "A climbing gecko that is happy at room temperature: above 28 °C it suffers, so heat is " +
      "only needed on cold nights. Give a tall enclosure with branches and plants, mist in the evening " +
      "so it dries out during the day, and low-level UVB.",
    legalNote: null,
  },
  {
    slug: "ball-python",
    commonName: "Ball python",
    scientificName: "Python regius",
    nicknames: ["ball python", "royal python", "bp", "royal"],
    group: "snake",
    habitat: "savanna",
    arboreal: false,
    adultSize: "90-150 cm",
    lifespan: "20-30 years",
    diet: "Carnivore: one frozen-thawed rodent about as wide as the snake, every 1-2 weeks (young) or 2-4 " +
      "weeks (adults).",
    dietType: "carnivore",
    basking: [32, 34],
    warm: [28, 31],
    cool: [24, 27],
    night: [22, 24],
    humidity: [60, 80],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [120, 60, 60],
    substrate: "A moisture-holding substrate: coco fibre, fir bark or a bioactive mix.",
    difficulty: "beginner",
    careSummary: "A shy snake that wants two snug hides (warm and cool) and steady humidity. Heat from " +
      "above with a heat projector or ceramic emitter on a thermostat; low-level UVB is beneficial.",
    legalNote: "Listed on CITES Appendix II: imports and exports need CITES permits.",
  },
  {
    slug: "corn-snake",
    commonName: "Corn snake",
    scientificName: "Pantherophis guttatus",
    nicknames: ["corn snake", "corn", "corns", "red rat snake"],
    group: "snake",
    habitat: "temperate",
    arboreal: false,
    adultSize: "120-150 cm",
    lifespan: "15-20 years",
    diet: "Carnivore: frozen-thawed mice every 7-10 days (young) or 10-14 days (adults).",
    dietType: "carnivore",
    basking: [30, 32],
    warm: [27, 29],
    cool: [22, 25],
    night: [20, 22],
    humidity: [40, 60],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [120, 60, 60],
    substrate: "Aspen, coco fibre or a soil mix deep enough to burrow in.",
    difficulty: "beginner",
    careSummary: "An easy, active snake and an escape artist: a locked, well-fitting enclosure matters. " +
      "A warm end, a cool end, hides at both and low-level UVB keep it thriving.",
    legalNote: null,
  },
  {
    slug: "blue-tongued-skink",
    commonName: "Northern blue-tongued skink",
    scientificName: "Tiliqua scincoides intermedia",
    nicknames: ["blue tongue", "blue-tongued skink", "bts", "blue tongue skink", "bluey"],
    group: "lizard",
    habitat: "savanna",
    arboreal: false,
    adultSize: "45-60 cm",
    lifespan: "15-20 years",
    diet: "Omnivore: about half vegetables and greens, 40% protein (insects, snails, lean meat) and a little fruit.",
    dietType: "omnivore",
    basking: [38, 42],
    warm: [30, 32],
    cool: [24, 27],
    night: [20, 24],
    humidity: [40, 60],
    uvb: { minPct: 6, maxPct: 12, zone: 2 },
    enclosure: [120, 60, 60],
    substrate: "A deep soil and coco fibre mix that holds some moisture, for burrowing.",
    difficulty: "beginner",
    careSummary: "A sturdy ground-dwelling lizard that needs floor space more than height. Give a hot " +
      "basking spot, UVB across the enclosure and a varied omnivore diet with calcium.",
    legalNote: null,
  },
  {
    slug: "veiled-chameleon",
    commonName: "Veiled chameleon",
    scientificName: "Chamaeleo calyptratus",
    nicknames: ["chameleon", "veiled chameleon", "cham", "yemen chameleon"],
    group: "lizard",
    habitat: "savanna",
    arboreal: true,
    adultSize: "Males 45-60 cm, females 25-35 cm",
    lifespan: "5-8 years (females less)",
    diet: "Insectivore: a variety of gut-loaded insects, dusted with calcium; some eat leaves.",
    dietType: "insectivore",
    basking: [32, 35],
    warm: [27, 29],
    cool: [22, 26],
    night: [16, 21],
    humidity: [40, 60],
    uvb: { minPct: 6, maxPct: 12, zone: 3 },
    enclosure: [60, 60, 120],
    substrate: "None needed (a bare floor is easiest to keep clean), or a well-drained bioactive mix.",
    difficulty: "intermediate",
    careSummary: "Needs a tall, ventilated (mesh) enclosure full of branches and live plants. It drinks " +
      "droplets, not from a bowl, so mist or drip water several times a day. A basking lamp and UVB over " +
      "the top, and a cooler night.",
    legalNote: "All Chamaeleo species are listed on CITES Appendix II: imports and exports need CITES permits.",
  },
  {
    slug: "african-fat-tailed-gecko",
    commonName: "African fat-tailed gecko",
    scientificName: "Hemitheconyx caudicinctus",
    nicknames: ["fat-tailed gecko", "fat tail", "aftg", "fattie"],
    group: "gecko",
    habitat: "savanna",
    arboreal: false,
    adultSize: "18-23 cm",
    lifespan: "15-20 years",
    diet: "Insectivore: gut-loaded crickets, roaches and worms, dusted with calcium.",
    dietType: "insectivore",
    basking: [30, 33],
    warm: [28, 31],
    cool: [24, 26],
    night: [21, 24],
    humidity: [50, 70],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [90, 45, 45],
    substrate: "A soil and coco fibre mix that holds a little moisture.",
    difficulty: "beginner",
    careSummary: "Like a leopard gecko but from more humid West African savanna: keep a moist hide and " +
      "slightly higher humidity. Heat one end, low-level UVB, insects with calcium.",
    legalNote: null,
  },
  {
    slug: "leopard-tortoise",
    commonName: "Leopard tortoise",
    scientificName: "Stigmochelys pardalis",
    nicknames: ["leopard tortoise", "leopard tort", "bergskilpad", "mountain tortoise"],
    group: "tortoise",
    habitat: "savanna",
    arboreal: false,
    adultSize: "40-60 cm shell length (up to about 70 cm)",
    lifespan: "50-100 years",
    diet: "Herbivore, a grazer: grasses, weeds, succulents and flowers, no fruit; calcium always available.",
    dietType: "herbivore",
    basking: [35, 38],
    warm: [28, 32],
    cool: [22, 26],
    night: [16, 22],
    humidity: [40, 60],
    uvb: { minPct: 12, maxPct: 14, zone: 3 },
    enclosure: [400, 250, 50],
    substrate: "Outdoors: grass and soil. Indoors: a dry soil and sand mix.",
    difficulty: "intermediate",
    careSummary: "A large grazing tortoise that belongs outdoors in a secure grassy pen of at least 10 m² " +
      "with a heated shelter for cold nights; indoor tables suit hatchlings only. Strong UVB or real " +
      "sun, grazing and calcium build a smooth shell.",
    legalNote: INDIGENOUS_SA.replace("reptiles", "tortoises") +
      " Listed on CITES Appendix II.",
  },
  {
    slug: "red-footed-tortoise",
    commonName: "Red-footed tortoise",
    scientificName: "Chelonoidis carbonarius",
    nicknames: ["red-footed tortoise", "redfoot", "red foot", "red-foot"],
    group: "tortoise",
    habitat: "tropical",
    arboreal: false,
    adultSize: "30-35 cm shell length",
    lifespan: "50+ years",
    diet: "Omnivore: leafy greens, flowers and fruit (up to a quarter of the diet), with a little animal protein.",
    dietType: "omnivore",
    basking: [32, 35],
    warm: [27, 30],
    cool: [24, 26],
    night: [21, 24],
    humidity: [70, 80],
    uvb: { minPct: 6, maxPct: 12, zone: 2 },
    enclosure: [240, 120, 45],
    substrate: "A moisture-holding soil, coco fibre or bark mix with damp areas.",
    difficulty: "intermediate",
    careSummary: "A forest tortoise that needs warmth and humidity all year: a large pen with a humid " +
      "hide, a shallow water dish to soak in, a basking spot and UVB.",
    legalNote: "Listed on CITES Appendix II: imports and exports need CITES permits.",
  },
  {
    slug: "axolotl",
    commonName: "Axolotl",
    scientificName: "Ambystoma mexicanum",
    nicknames: ["axolotl", "axie", "axies", "mexican walking fish"],
    group: "amphibian",
    habitat: "aquatic",
    arboreal: false,
    adultSize: "20-30 cm",
    lifespan: "10-15 years",
    diet: "Carnivore: earthworms and sinking axolotl pellets; bloodworms for juveniles.",
    dietType: "carnivore",
    basking: null,
    warm: [18, 20],
    cool: [16, 18],
    night: [16, 18],
    humidity: [100, 100],
    uvb: null,
    enclosure: [75, 30, 30],
    substrate: "A bare bottom or fine sand (under 1 mm); never gravel, which they swallow.",
    difficulty: "intermediate",
    careSummary: "Fully aquatic and a cold-water animal: keep the water at 16-20 °C (above 24 °C is " +
      "dangerous, so a South African summer needs a cooling fan or chiller), dechlorinated, cycled and " +
      "gently filtered. No basking light or UVB.",
    legalNote:
      "Listed on CITES Appendix II and critically endangered in the wild; animals in the trade are captive-bred.",
  },
  {
    slug: "whites-tree-frog",
    commonName: "White's tree frog",
    scientificName: "Ranoidea caerulea",
    nicknames: ["white's tree frog", "whites tree frog", "dumpy frog", "australian green tree frog"],
    group: "amphibian",
    habitat: "tropical",
    arboreal: true,
    adultSize: "7-11 cm",
    lifespan: "15-20 years",
    diet: "Insectivore: gut-loaded crickets and roaches, dusted with calcium.",
    dietType: "insectivore",
    basking: [29, 31],
    warm: [26, 29],
    cool: [22, 25],
    night: [18, 22],
    humidity: [50, 70],
    uvb: { minPct: 5, maxPct: 7, zone: 2 },
    enclosure: [45, 45, 60],
    substrate: "Coco fibre or a tropical bioactive mix, with moss.",
    difficulty: "beginner",
    careSummary: "A hardy climbing frog: a tall enclosure with branches, a large water dish of " +
      "dechlorinated water, misting in the evening, a gentle warm spot and low-level UVB.",
    legalNote: null,
  },
  {
    slug: "pacman-frog",
    commonName: "Pacman frog",
    scientificName: "Ceratophrys cranwelli",
    nicknames: ["pacman frog", "pac man frog", "pacman", "horned frog", "chacoan horned frog"],
    group: "amphibian",
    habitat: "tropical",
    arboreal: false,
    adultSize: "10-15 cm",
    lifespan: "10-15 years",
    diet: "Insectivore: roaches, crickets and worms dusted with calcium; adults eat a lot less than they ask for.",
    dietType: "insectivore",
    basking: null,
    warm: [26, 29],
    cool: [24, 26],
    night: [21, 24],
    humidity: [60, 80],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [45, 45, 30],
    substrate: "A deep (5-10 cm) layer of damp coco fibre or soil to burrow in, with moss.",
    difficulty: "beginner",
    careSummary: "A sit-and-wait frog that spends its days buried. It needs floor space, deep damp " +
      "substrate, a shallow water dish and gentle warmth, not a basking spot.",
    legalNote: null,
  },
  {
    slug: "brown-house-snake",
    commonName: "Brown house snake",
    scientificName: "Boaedon capensis",
    nicknames: ["house snake", "brown house snake", "lamprophis", "huisslang"],
    group: "snake",
    habitat: "savanna",
    arboreal: false,
    adultSize: "60-90 cm (females up to about 120 cm)",
    lifespan: "15-20 years",
    diet: "Carnivore: frozen-thawed mice every 7-14 days.",
    dietType: "carnivore",
    basking: [30, 32],
    warm: [27, 30],
    cool: [22, 25],
    night: [18, 22],
    humidity: [40, 60],
    uvb: { minPct: 5, maxPct: 7, zone: 1 },
    enclosure: [90, 45, 45],
    substrate: "Aspen, coco fibre or a soil mix.",
    difficulty: "beginner",
    careSummary: "A small, harmless South African snake and a good first snake: a warm end, hides at both " +
      "ends, a water bowl and a secure lid.",
    legalNote: INDIGENOUS_SA,
  },
];
