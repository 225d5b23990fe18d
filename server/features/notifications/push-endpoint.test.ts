import { describe, expect, it } from "vitest";
import { isAllowedPushEndpoint } from "./push-endpoint.ts";

const SERVICES = ["https://fcm.googleapis.com", "https://*.notify.windows.com", "http://127.0.0.1:4567"];

describe("isAllowedPushEndpoint", () => {
  it("accepts the configured push services, a wildcard matching subdomains only", () => {
    expect(isAllowedPushEndpoint("https://fcm.googleapis.com/fcm/send/abc", SERVICES)).toBe(true);
    expect(isAllowedPushEndpoint("https://wns2-par02p.notify.windows.com/w/?token=x", SERVICES)).toBe(true);
    expect(isAllowedPushEndpoint("http://127.0.0.1:4567/push/1", SERVICES)).toBe(true);
  });

  it("refuses other hosts, ports, schemes, look-alikes and credentials", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com.attacker.example/x",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://notify.windows.com/x",
      "https://evilnotify.windows.com/x",
      "http://127.0.0.1:4568/push/1",
      "http://localhost:4567/push/1",
      "https://user:pass@fcm.googleapis.com/x",
      "not a url",
    ])
      expect(isAllowedPushEndpoint(endpoint, SERVICES), endpoint).toBe(false);
  });
});
