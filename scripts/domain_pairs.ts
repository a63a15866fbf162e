/**
 * Prints the domain -> domain import pairs and their count (`deno run -A scripts/domain_pairs.ts`):
 * the measure of how far the domains are leaves and the orchestration lives in flows/.
 */
import { domainPairs, moduleGraph } from "../tests/helpers/module_graph.ts";

const pairs = domainPairs((await moduleGraph()).edges);
for (const pair of pairs) console.log(pair);
console.log(`${pairs.length} domain -> domain import pairs`);
