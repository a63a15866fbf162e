import assert from "node:assert/strict";
import { assertPublicHost, InternalHostError, type ResolveHost } from "./public_host.ts";

/** Fake DNS: a name's addresses, or none. */
function dns(records: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign((host: string) => {
    asked.push(host);
    return Promise.resolve(records[host] ?? []);
  }, { asked });
}

const refused = (url: string, resolve: ResolveHost) =>
  assert.rejects(assertPublicHost(new URL(url), resolve), InternalHostError, url);

Deno.test("[public host] literal internal addresses are refused without asking DNS", async () => {
  const resolve = dns({});
  for (
    const url of [
      "https://127.0.0.1/x.jpg",
      "https://2130706433/x.jpg", // 127.0.0.1 as one number: URL makes it dotted
      "https://0x7f.1/x.jpg",
      "https://10.1.2.3/x.jpg",
      "https://172.16.5.4/x.jpg",
      "https://192.168.0.10/x.jpg",
      "https://169.254.169.254/latest/meta-data/",
      "https://100.64.0.1/x.jpg",
      "https://0.0.0.0/x.jpg",
      "https://224.0.0.1/x.jpg",
      "https://[::1]/x.jpg",
      "https://[::]/x.jpg",
      "https://[::ffff:127.0.0.1]/x.jpg",
      "https://[::ffff:10.0.0.1]/x.jpg",
      "https://[fd00::1]/x.jpg",
      "https://[fe80::1]/x.jpg",
    ]
  ) await refused(url, resolve);
  assert.deepEqual(resolve.asked, []);
});

Deno.test("[public host] names resolving to an internal address, to none, or local names are refused", async () => {
  const resolve = dns({
    "internal.example.com": ["10.0.0.7"],
    "mixed.example.com": ["93.184.216.34", "fd12::1"],
    "v6loop.example.com": ["::1"],
    "mapped.example.com": ["::ffff:192.168.1.1"],
    "metadata.example.com": ["169.254.169.254"],
  });
  for (const host of ["internal", "mixed", "v6loop", "mapped", "metadata", "nowhere"]) {
    await refused(`https://${host}.example.com/x.jpg`, resolve);
  }
  await refused("https://localhost/x.jpg", resolve);
  await refused("https://api.localhost/x.jpg", resolve);
  await refused("https://intranet/x.jpg", resolve);
  await refused("https://x.example.com/", () => Promise.reject(new Error("SERVFAIL")));
});

Deno.test("[public host] public addresses and names pass", async () => {
  const resolve = dns({ "cdn.example.com": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"] });
  await assertPublicHost(new URL("https://cdn.example.com/a.jpg"), resolve);
  await assertPublicHost(new URL("https://cdn.example.com./a.jpg"), resolve);
  await assertPublicHost(new URL("https://93.184.216.34/a.jpg"), resolve);
  await assertPublicHost(new URL("https://[2606:4700:4700::1111]/a.jpg"), resolve);
});
