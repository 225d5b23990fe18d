// The storage contract, on local disk and on an S3-compatible server (s3rver, started here), then the
// photo API end to end on S3: upload, public URL, deletion.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProfileDto } from "@domain/profile.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness.ts";
import { makeImage } from "../../test/image-fixtures.ts";
import { type LocalS3, startLocalS3 } from "../../test/s3-server.ts";
import { createLocalStorage } from "./local.ts";
import { createS3Storage } from "./s3.ts";
import { ObjectExistsError, type Storage } from "./storage.ts";

let s3: LocalS3;
let localRoot: string;
beforeAll(async () => {
  s3 = await startLocalS3();
  localRoot = await mkdtemp(path.join(tmpdir(), "passerelle-storage-"));
});
afterAll(async () => {
  await s3?.close();
  await rm(localRoot, { recursive: true, force: true });
});

/** Each driver, on the photos' bucket folder unless given another (a test of its own, alone in it). */
const drivers: [string, (bucket?: string) => Storage][] = [
  ["local", (bucket = "profiles") => createLocalStorage(localRoot, bucket)],
  [
    "s3",
    (bucket = "profiles") =>
      createS3Storage(
        {
          bucket: s3.bucket,
          region: "us-east-1",
          endpoint: s3.endpoint,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        },
        bucket,
      ),
  ],
];

describe.each(drivers)("storage contract [%s]", (_name, make) => {
  const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

  it("writes, reads back with the content type, and deletes", async () => {
    const storage = make();
    const key = `photos/contrat${Date.now()}.jpg`;
    await storage.put(key, bytes, "image/jpeg");
    const got = await storage.get(key);
    expect(got?.contentType).toBe("image/jpeg");
    expect(Buffer.from(got!.body).equals(Buffer.from(bytes))).toBe(true);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete(key);
  });

  it("never overwrites an object", async () => {
    const storage = make();
    const key = `photos/unique${Date.now()}.jpg`;
    await storage.put(key, bytes, "image/jpeg");
    await expect(storage.put(key, new Uint8Array([9]), "image/jpeg")).rejects.toThrow(ObjectExistsError);
    expect(Buffer.from((await storage.get(key))!.body).equals(Buffer.from(bytes))).toBe(true);
  });

  it("refuses unsafe keys and answers null for unknown ones", async () => {
    const storage = make();
    await expect(storage.put("../evil.jpg", bytes, "image/jpeg")).rejects.toThrow(/Unsafe/);
    expect(await storage.get("../evil.jpg")).toBeNull();
    expect(await storage.get("photos/inconnu.jpg")).toBeNull();
  });

  it("lists every object with its size and time, a page at a time, and nothing of another bucket", async () => {
    const storage = make("listing");
    const other = make("elsewhere");
    await other.put("photos/ailleurs.jpg", bytes, "image/jpeg");
    const before = Date.now();
    const keys = Array.from({ length: 7 }, (_, i) => `photos/liste${i}.jpg`);
    for (const key of keys) await storage.put(key, bytes.subarray(0, 3 + (key.length % 4)), "image/jpeg");
    await storage.put("photos/thumbs/liste0.jpg", bytes, "image/jpeg");
    const pages: { key: string; size: number; modifiedAt: Date }[][] = [];
    for await (const page of storage.list(3)) pages.push(page);
    expect(pages.every((p) => p.length > 0 && p.length <= 3)).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const listed = pages.flat();
    expect(listed.map((e) => e.key).sort()).toEqual([...keys, "photos/thumbs/liste0.jpg"].sort());
    for (const e of listed) {
      expect(e.size).toBe((await storage.get(e.key))!.body.length);
      // S3 gives the time to the second; a file's time comes from the kernel's coarse clock, which
      // may trail Date.now() by a few milliseconds (it failed once across a second's boundary).
      expect(e.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(e.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now());
    }
    await storage.delete(keys[0]!);
    const after: string[] = [];
    for await (const page of storage.list()) after.push(...page.map((e) => e.key));
    expect(after).not.toContain(keys[0]);
    expect(after).toHaveLength(listed.length - 1);
  });

  it("gives public URLs under /storage/profiles/", () => {
    expect(make().publicUrl("photos/a.jpg")).toBe("/storage/profiles/photos/a.jpg");
  });
});

describe("local listing", () => {
  it("skips files no key can name (a stray .DS_Store) and a folder that is not there", async () => {
    const storage = createLocalStorage(localRoot, "stray");
    await storage.put("photos/vraie.jpg", new Uint8Array([1, 2]), "image/jpeg");
    await writeFile(path.join(localRoot, "stray", "photos", ".DS_Store"), "x");
    const keys: string[] = [];
    for await (const page of storage.list()) keys.push(...page.map((e) => e.key));
    expect(keys).toEqual(["photos/vraie.jpg"]);
    for await (const page of createLocalStorage(localRoot, "absent").list()) expect(page).toEqual([]);
  });
});

describe("S3 public base URL", () => {
  it("points public URLs at the bucket’s address or CDN when S3_PUBLIC_URL is set", () => {
    const storage = createS3Storage(
      { bucket: "b", region: "eu-west-3", forcePathStyle: false, publicUrl: "https://cdn.passerelle.fr" },
      "profiles",
    );
    expect(storage.publicUrl("photos/a.jpg")).toBe("https://cdn.passerelle.fr/profiles/photos/a.jpg");
  });
});

describe("photos on S3, through the API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite", s3.env);
  });
  afterAll(() => t?.close());

  it("uploads to the bucket, serves the public URL, and deletes the objects with the photo", async () => {
    const member = await t.createMember();
    const form = new FormData();
    form.append(
      "file",
      new File([new Uint8Array(await makeImage("jpeg"))], "photo.jpg", { type: "image/jpeg" }),
    );
    const res = await t.request("/api/profile/photos", { method: "POST", cookie: member.cookie, body: form });
    expect(res.status, await res.clone().text()).toBe(201);
    const photo = ((await res.json()) as ProfileDto).photos[0]!;
    expect(photo.url).toMatch(/^\/storage\/profiles\/photos\//);
    expect(await t.deps.storage.get(photo.key)).not.toBeNull();

    const served = await t.request(photo.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const del = await t.request(`/api/profile/photos?path=${encodeURIComponent(photo.key)}`, {
      method: "DELETE",
      cookie: member.cookie,
    });
    expect(del.status).toBe(200);
    expect(await t.deps.storage.get(photo.key)).toBeNull();
    expect((await t.request(photo.url)).status).toBe(404);
  });
});
