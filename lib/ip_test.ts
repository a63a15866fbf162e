import assert from "node:assert/strict";
import { ipInCidr, isInternalIp, parseCidr, parseIp } from "./ip.ts";

Deno.test("[ip] parses IPv4, IPv6 and IPv4-mapped IPv6", () => {
  assert.deepEqual(parseIp("192.0.2.1")?.v4, "192.0.2.1");
  assert.equal(parseIp("192.0.2.1")?.version, 4);
  assert.equal(parseIp("::ffff:192.0.2.1")?.version, 6);
  assert.equal(parseIp("::ffff:192.0.2.1")?.v4, "192.0.2.1");
  assert.equal(parseIp("::ffff:c000:201")?.v4, "192.0.2.1");
  assert.deepEqual(parseIp("::ffff:192.0.2.1")?.bytes, parseIp("192.0.2.1")?.bytes);
  assert.deepEqual(Array.from(parseIp("::1")!.bytes), [...new Array(15).fill(0), 1]);
  assert.deepEqual(Array.from(parseIp("::")!.bytes), new Array(16).fill(0));
  assert.deepEqual(parseIp("2001:DB8:0:0:0:0:0:1")?.bytes, parseIp("2001:db8::1")?.bytes);
  assert.equal(parseIp("2001:db8::1")?.v4, null);
  assert.ok(parseIp("1:2:3:4:5:6:7:8"));
  assert.ok(parseIp("1::2:3:4:5:6:7"));
  assert.ok(parseIp("64:ff9b::10.0.0.1"));
});

Deno.test("[ip] refuses anything that is not exactly one address", () => {
  for (
    const bad of [
      "",
      "localhost",
      "1.2.3",
      "1.2.3.4.5",
      "256.1.1.1",
      "010.0.0.1", // octal to some parsers
      "0x7f.0.0.1",
      "1.2.3.4 ",
      "[::1]",
      "::1%eth0",
      "1.2.3.4:80",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7:8::",
      "1::2::3",
      ":1::",
      "12345::",
      "1.2.3.4::",
      "::1.2.3.4:5",
      "g::1",
    ]
  ) assert.equal(parseIp(bad), null, bad);
  assert.equal(parseIp(undefined as unknown as string), null);
});

Deno.test("[ip] CIDR matching for IPv4, IPv6 and across the mapped form", () => {
  assert.ok(ipInCidr("197.97.145.150", "197.97.145.144/28"));
  assert.ok(!ipInCidr("197.97.145.160", "197.97.145.144/28"));
  assert.ok(ipInCidr("::ffff:41.74.179.200", "41.74.179.192/27"));
  assert.ok(ipInCidr("41.74.179.200", "::ffff:41.74.179.192/123"));
  assert.ok(ipInCidr("10.255.0.1", "10.1.2.3/8"), "host bits below the prefix are ignored");
  assert.ok(ipInCidr("203.0.113.7", "203.0.113.7"), "a bare address is a /32");
  assert.ok(!ipInCidr("203.0.113.8", "203.0.113.7"));
  assert.ok(ipInCidr("8.8.8.8", "0.0.0.0/0"));
  assert.ok(!ipInCidr("2001:db8::1", "0.0.0.0/0"), "the IPv4 /0 covers only IPv4");
  assert.ok(ipInCidr("2001:db8:abcd::1", "2001:db8::/32"));
  assert.ok(!ipInCidr("2001:db9::1", "2001:db8::/32"));
  assert.ok(ipInCidr("fe80::1", "fe80::/10"));
  assert.ok(ipInCidr("febf::1", "fe80::/10"));
  assert.ok(!ipInCidr("fec0::1", "fe80::/10"));
  assert.ok(ipInCidr("::1", "::1/128"));
  assert.ok(!ipInCidr("::2", "::1/128"));
  assert.ok(ipInCidr("172.31.255.255", "172.16.0.0/12"));
  assert.ok(!ipInCidr("172.32.0.0", "172.16.0.0/12"));
  assert.ok(!ipInCidr("not an ip", "0.0.0.0/0"), "a malformed address is in no range");
  const parsed = parseCidr("192.168.0.0/16")!;
  assert.ok(ipInCidr("192.168.4.4", parsed), "a pre-parsed range works too");
});

Deno.test("[ip] malformed ranges are refused", () => {
  for (const bad of ["10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/08", "nope/8", "10.0.0.0/8/8"]) {
    assert.equal(parseCidr(bad), null, bad);
    assert.throws(() => ipInCidr("10.0.0.1", bad), TypeError);
  }
});

Deno.test("[ip] internal addresses: loopback, private, link-local, CGNAT, multicast, reserved and IPv6 twins", () => {
  for (
    const ip of [
      "127.0.0.1",
      "127.255.255.254",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "0.1.2.3",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "::127.0.0.1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1", // 6to4 of 127.0.0.1
      "2002:c0a8:101::1", // 6to4 of 192.168.1.1
      "2001:db8::1",
      "2001::1", // Teredo
      "not-an-ip",
    ]
  ) assert.ok(isInternalIp(ip), ip);
});

Deno.test("[ip] public addresses are not internal", () => {
  for (
    const ip of [
      "8.8.8.8",
      "1.1.1.1",
      "197.97.145.150",
      "172.32.0.1",
      "100.128.0.1",
      "169.253.255.255",
      "::ffff:8.8.8.8",
      "2a03:2880:f12f:83:face:b00c:0:25de",
      "2606:4700:4700::1111",
      "64:ff9b::8.8.8.8",
      "2002:808:808::1",
    ]
  ) assert.ok(!isInternalIp(ip), ip);
});
