// The storage contract, on local disk and on an S3-compatible server (s3rver, started here), then the
// photo API end to end on S3: upload, public URL, deletion.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ProfileDto } from "@domain/profile.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.ts";
import { makeImage } from "../test/image-fixtures.ts";
import { type LocalS3, startLocalS3 } from "../test/s3-server.ts";
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

const drivers: [string, () => Storage][] = [
  ["local", () => createLocalStorage(localRoot, "profiles")],
  [
    "s3",
    () =>
      createS3Storage(
        {
          bucket: s3.bucket,
          region: "us-east-1",
          endpoint: s3.endpoint,
          accessKeyId: "S3RVER",
          secretAccessKey: "S3RVER",
          forcePathStyle: true,
        },
        "profiles",
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

  it("gives public URLs under /storage/profiles/", () => {
    expect(make().publicUrl("photos/a.jpg")).toBe("/storage/profiles/photos/a.jpg");
  });
});

describe("S3 public base URL", () => {
  it("points public URLs at the bucket's address or CDN when S3_PUBLIC_URL is set", () => {
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
