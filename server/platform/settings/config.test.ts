import { mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { vapidEnv } from "./vapid-keys.ts";

describe("loadConfig", () => {
  it("stops in production naming every missing required variable", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: "production" });
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain("PUBLIC_BASE_URL");
      expect(message).toContain("AUTH_SECRET");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY");
    }
  });

  it("takes Web Push keys from the environment in production, generates them once elsewhere", () => {
    const keys = vapidEnv();
    const prod = loadConfig({
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://passerelle.fr",
      AUTH_SECRET: "x".repeat(40),
      ALLOW_EMBEDDED_DATABASE: "true",
      ...keys,
    });
    expect(prod.push).toMatchObject({
      publicKey: keys.VAPID_PUBLIC_KEY,
      privateKey: keys.VAPID_PRIVATE_KEY,
      subject: "mailto:contact@passerelle.example",
    });
    expect(prod.push.serviceOrigins).toContain("https://fcm.googleapis.com");
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: keys.VAPID_PUBLIC_KEY })).toThrow(/set both/);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: "court", VAPID_PRIVATE_KEY: "court" })).toThrow(
      /VAPID_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ PUSH_SERVICE_ORIGINS: "ftp://x" })).toThrow(/PUSH_SERVICE_ORIGINS/);
    const dataDir = mkdtempSync(path.join(tmpdir(), "passerelle-config-"));
    try {
      const first = loadConfig({ DATA_DIR: dataDir }).push;
      expect(loadConfig({ DATA_DIR: dataDir }).push.publicKey).toBe(first.publicKey);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("accepts a complete production configuration", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://passerelle.fr/",
      AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://app@db:5432/passerelle",
      ...vapidEnv(),
    });
    expect(config.publicBaseUrl).toBe("https://passerelle.fr");
    expect(config.hosts).toEqual(["0.0.0.0"]);
    expect(config.trustedOrigins).toEqual(["https://passerelle.fr"]);
    expect(config.seedDemo).toBe(false);
  });

  it("seeds demo data on the embedded database by default, on a database server only when told (issue 33)", () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://app@db:5432/passerelle" }).seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: "postgres://app@db:5432/passerelle", SEED_DEMO: "true" }).seedDemo,
    ).toBe(true);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        PUBLIC_BASE_URL: "https://passerelle.fr/",
        AUTH_SECRET: "x".repeat(40),
        DATABASE_URL: "postgres://app@db:5432/passerelle",
        SEED_DEMO: "true",
        ...vapidEnv(),
      }),
    ).toThrow(/SEED_DEMO/);
  });

  it("requires administrators' second factor in production whatever ADMIN_TOTP_REQUIRED says", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://passerelle.fr/",
      AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://app@db:5432/passerelle",
      ...vapidEnv(),
    };
    expect(loadConfig({ ...production, ADMIN_TOTP_REQUIRED: "false" }).adminTotpRequired).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).adminTotpRequired).toBe(false);
    expect(loadConfig({ NODE_ENV: "development", ADMIN_TOTP_REQUIRED: "true" }).adminTotpRequired).toBe(true);
  });

  it("trusts every loopback spelling of a loopback address outside production, and listens on both", () => {
    const dev = loadConfig({ PORT: "3000" });
    expect(dev.publicBaseUrl).toBe("http://localhost:3000");
    expect(dev.trustedOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(dev.hosts).toEqual(["127.0.0.1", "::1"]);
    expect(loadConfig({ PUBLIC_BASE_URL: "http://127.0.0.1:3100" }).trustedOrigins[0]).toBe(
      "http://127.0.0.1:3100",
    );
    // Another address, or production on a loopback address, trusts that origin only.
    expect(loadConfig({ PUBLIC_BASE_URL: "http://192.168.1.20:3000" }).trustedOrigins).toEqual([
      "http://192.168.1.20:3000",
    ]);
    const prod = loadConfig({
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "http://localhost:8080",
      AUTH_SECRET: "x".repeat(40),
      ALLOW_EMBEDDED_DATABASE: "true",
      ...vapidEnv(),
    });
    expect(prod.trustedOrigins).toEqual(["http://localhost:8080"]);
    expect(loadConfig({ HOST: "0.0.0.0" }).hosts).toEqual(["0.0.0.0"]);
  });

  it("refuses a malformed value with the variable’s name", () => {
    expect(() => loadConfig({ PORT: "quatre" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "court" })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ CALL_RING_SECONDS: "2" })).toThrow(/CALL_RING_SECONDS/);
    expect(() => loadConfig({ CALL_RING_SECONDS: "600" })).toThrow(/CALL_RING_SECONDS/);
  });

  it("needs a bucket for S3 storage, and uses path-style URLs with a custom endpoint", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: "disquette" })).toThrow(/STORAGE_DRIVER/);
    const config = loadConfig({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "passerelle-photos",
      S3_ENDPOINT: "https://s3.fr-par.scw.cloud",
      S3_PUBLIC_URL: "https://cdn.passerelle.fr/",
    });
    expect(config.s3).toMatchObject({
      bucket: "passerelle-photos",
      forcePathStyle: true,
      publicUrl: "https://cdn.passerelle.fr",
    });
    expect(loadConfig({}).s3).toBeNull();
  });

  it("takes each payment provider only with all its keys, and checks their shape", () => {
    const cinetpay = {
      CINETPAY_API_KEY: "cp_key_12345",
      CINETPAY_SITE_ID: "105900",
      CINETPAY_SECRET_KEY: "cp_secret_1",
    };
    expect(loadConfig(cinetpay).cinetpay).toEqual({
      apiKey: "cp_key_12345",
      siteId: "105900",
      secretKey: "cp_secret_1",
      apiUrl: "https://api-checkout.cinetpay.com",
    });
    expect(() => loadConfig({ CINETPAY_API_KEY: "cp_key_12345" })).toThrow(/set all three to use CinetPay/);
    expect(() => loadConfig({ ...cinetpay, CINETPAY_SITE_ID: "abc" })).toThrow(/CINETPAY_SITE_ID/);
    const fedapay = { FEDAPAY_SECRET_KEY: "sk_sandbox_abc", FEDAPAY_WEBHOOK_SECRET: "wh_sandbox_abc" };
    expect(loadConfig(fedapay).fedapay?.apiUrl).toBe("https://sandbox-api.fedapay.com");
    expect(loadConfig({ ...fedapay, FEDAPAY_SECRET_KEY: "sk_live_abc" }).fedapay?.apiUrl).toBe(
      "https://api.fedapay.com",
    );
    expect(() => loadConfig({ FEDAPAY_SECRET_KEY: "sk_live_abc" })).toThrow(/set both to use FedaPay/);
    expect(() => loadConfig({ ...fedapay, FEDAPAY_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /FEDAPAY_WEBHOOK_SECRET/,
    );
    expect(loadConfig({}).mobileMoneyOrder).toEqual(["cinetpay", "fedapay"]);
    expect(loadConfig({ MOBILE_MONEY_PROVIDERS: "fedapay" }).mobileMoneyOrder).toEqual([
      "fedapay",
      "cinetpay",
    ]);
    expect(() => loadConfig({ MOBILE_MONEY_PROVIDERS: "paypal" })).toThrow(/MOBILE_MONEY_PROVIDERS/);
  });

  it("reads plans priced per currency, and the earlier euro-only form", () => {
    const plans = (v: unknown) => loadConfig({ SUBSCRIPTION_PLANS: JSON.stringify(v) }).plans;
    expect(plans([{ id: "1-mois", label: "1 mois", months: 1, priceCents: 1500 }])).toEqual([
      { id: "1-mois", label: "1 mois", months: 1, prices: { EUR: 1500 } },
    ]);
    expect(plans([{ id: "2-mois", label: "2 mois", months: 2, prices: { EUR: 2900, XOF: 12000 } }])).toEqual([
      { id: "2-mois", label: "2 mois", months: 2, prices: { EUR: 2900, XOF: 12000 } },
    ]);
    // CFA francs are whole and in multiples of 5; a euro price is required.
    for (const bad of [{ EUR: 2900, XOF: 12001 }, { EUR: 2900, XAF: 99.5 }, { XOF: 12000 }])
      expect(() => plans([{ id: "x", label: "x", months: 1, prices: bad }])).toThrow(/SUBSCRIPTION_PLANS/);
  });

  it("fixes the verification challenge’s gestures for tests only, and refuses it in production", () => {
    expect(loadConfig({}).verificationGestures).toBeNull();
    expect(loadConfig({ VERIFICATION_GESTURES: "tilt-left, smile" }).verificationGestures).toEqual([
      "tilt-left",
      "smile",
    ]);
    expect(() => loadConfig({ VERIFICATION_GESTURES: "tilt-left,sourire" })).toThrow(/VERIFICATION_GESTURES/);
    expect(() => loadConfig({ VERIFICATION_GESTURES: "," })).toThrow(/VERIFICATION_GESTURES/);
    const production = {
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://passerelle.fr",
      AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://app@db:5432/passerelle",
      ...vapidEnv(),
    };
    expect(loadConfig(production).verificationGestures).toBeNull();
    expect(() => loadConfig({ ...production, VERIFICATION_GESTURES: "tilt-left,smile" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...production, VERIFICATION_GESTURES: "tilt-left,smile" })).toThrow(
      /VERIFICATION_GESTURES/,
    );
  });

  it("generates a development secret once and keeps it in the data folder", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "passerelle-config-"));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
    expect((await readFile(path.join(dir, "auth-secret"), "utf8")).trim()).toBe(first.authSecret);
    expect(first.databaseUrl).toBeUndefined();
    expect(first.seedDemo).toBe(true);
  });
});
