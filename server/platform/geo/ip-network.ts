// Whether an IP address belongs to a hosting or VPN network (issue 36), offline: the IP-to-ASN
// tables of @ip-location-db/asn (Route Views and DB-IP's « IP to ASN Lite », CC BY 4.0 — credited
// where the signal is shown), each network's organisation read against a list of hosting and VPN
// providers. About 510,000 ranges, parsed once on first use into sorted arrays (IPv4 as 32-bit
// integers, IPv6 as BigInts) and looked up by binary search; only a flag per range is kept.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isIP } from "node:net";

/**
 * Organisations that rent servers or sell VPN exits, as the tables name them (lower case, parts of
 * names). A member on one of them is not at home: a small signal, never a verdict on its own.
 */
const HOSTING = [
  "amazon",
  "aws",
  "google cloud",
  "microsoft",
  "azure",
  "digitalocean",
  "ovh",
  "hetzner",
  "linode",
  "akamai connected cloud",
  "vultr",
  "choopa",
  "the constant company",
  "m247",
  "datacamp",
  "cdn77",
  "leaseweb",
  "contabo",
  "scaleway",
  "online s.a.s",
  "alibaba",
  "tencent cloud",
  "oracle",
  "ionos",
  "hostinger",
  "godaddy",
  "namecheap",
  "hostwinds",
  "colocrossing",
  "quadranet",
  "psychz",
  "sharktech",
  "frantech",
  "nforce",
  "worldstream",
  "serverius",
  "zenlayer",
  "hivelocity",
  "servers.com",
  "g-core",
  "gcore",
  "packethub",
  "clouvider",
  "mullvad",
  "private internet access",
  "expressvpn",
  "nordvpn",
  "surfshark",
  "proton",
  "hosting",
  "vpn",
  "datacenter",
  "data center",
  "dedicated server",
  "vps",
  "colocation",
];

const isHosting = (org: string) => {
  const o = org.toLowerCase();
  return HOSTING.some((k) => o.includes(k));
};

interface Table<N> {
  starts: N[] | Uint32Array;
  ends: N[] | Uint32Array;
  hosting: Uint8Array;
}

const file = (name: string) => createRequire(import.meta.url).resolve(`@ip-location-db/asn/${name}`);

/** « start,end,asn,org » lines (org possibly quoted), numeric addresses, sorted by start. */
function parse<N>(name: string, num: (s: string) => N, ints: boolean): Table<N> {
  const lines = readFileSync(file(name), "utf8").split("\n");
  const starts: N[] = [];
  const ends: N[] = [];
  const flags: number[] = [];
  for (const line of lines) {
    if (!line) continue;
    const a = line.indexOf(",");
    const b = line.indexOf(",", a + 1);
    const c = line.indexOf(",", b + 1);
    if (a < 0 || b < 0 || c < 0) continue;
    starts.push(num(line.slice(0, a)));
    ends.push(num(line.slice(a + 1, b)));
    flags.push(isHosting(line.slice(c + 1)) ? 1 : 0);
  }
  return {
    starts: ints ? Uint32Array.from(starts as number[]) : starts,
    ends: ints ? Uint32Array.from(ends as number[]) : ends,
    hosting: Uint8Array.from(flags),
  };
}

let v4: Table<number> | null = null;
let v6: Table<bigint> | null = null;

function lookup<N extends number | bigint>(t: Table<N>, x: N): boolean {
  let lo = 0;
  let hi = t.starts.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((t.starts[mid] as N) <= x) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi >= 0 && x <= (t.ends[hi] as N) && t.hosting[hi] === 1;
}

function v4Number(address: string): number {
  return address.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

function v6Number(address: string): bigint {
  // Expand « :: » and read the eight groups (an embedded IPv4 tail is read as two groups).
  let text = address.toLowerCase();
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const n = v4Number(v4Tail[1]!);
    text = `${text.slice(0, -v4Tail[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  return groups.reduce((n, g) => (n << 16n) + BigInt(Number.parseInt(g || "0", 16)), 0n);
}

/** Whether `address` is on a hosting or VPN network; false when unknown or unreadable. */
export function isHostingAddress(address: string): boolean {
  const family = isIP(address);
  try {
    if (family === 4) {
      v4 ??= parse("asn-ipv4-num.csv", Number, true);
      return lookup(v4, v4Number(address));
    }
    if (family === 6) {
      v6 ??= parse("asn-ipv6-num.csv", BigInt, false);
      return lookup(v6, v6Number(address));
    }
  } catch {
    // An unreadable line or address: no verdict.
  }
  return false;
}

/** Loads the IPv4 table ahead (tests, and an instance that would rather pay it at start). */
export function loadHostingNetworks(): void {
  v4 ??= parse("asn-ipv4-num.csv", Number, true);
}
