// The country of an IP address, offline (issue 36): the CC0 « geo-whois-asn-country » database of
// @ip-location-db, shipped in its npm package (about 8 MB, IPv4 and IPv6), read with mmdb-lib. Loaded
// once, on first use. Private, loopback and unknown addresses have no country.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Reader, type Response } from "mmdb-lib";

interface CountryRecord {
  country_code?: string;
}

let reader: Reader<Response> | null = null;

function database(): Reader<Response> {
  if (!reader) {
    const file = createRequire(import.meta.url).resolve(
      "@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb",
    );
    reader = new Reader<Response>(readFileSync(file));
  }
  return reader;
}

/** ISO 3166-1 alpha-2 code (« CI », « FR »), or null. */
export function countryOfAddress(address: string): string | null {
  if (!/^[0-9a-f:.]+$/i.test(address) || address.length > 45) return null;
  try {
    // This database's records are { country_code }, not MaxMind's shapes mmdb-lib types.
    const code = (database().get(address) as CountryRecord | null)?.country_code;
    return code && /^[A-Z]{2}$/.test(code) ? code : null;
  } catch {
    // Not an address the database can read.
    return null;
  }
}
