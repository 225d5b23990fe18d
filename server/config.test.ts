import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

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
    }
  });

  it("accepts a complete production configuration", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://passerelle.fr/",
      AUTH_SECRET: "x".repeat(40),
      DATABASE_URL: "postgres://app@db:5432/passerelle",
    });
    expect(config.publicBaseUrl).toBe("https://passerelle.fr");
    expect(config.hosts).toEqual(["0.0.0.0"]);
    expect(config.trustedOrigins).toEqual(["https://passerelle.fr"]);
    expect(config.seedDemo).toBe(false);
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
    });
    expect(prod.trustedOrigins).toEqual(["http://localhost:8080"]);
    expect(loadConfig({ HOST: "0.0.0.0" }).hosts).toEqual(["0.0.0.0"]);
  });

  it("refuses a malformed value with the variable's name", () => {
    expect(() => loadConfig({ PORT: "quatre" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_SECRET: "court" })).toThrow(/AUTH_SECRET/);
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
