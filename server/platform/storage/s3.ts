// S3-compatible object storage (AWS S3, MinIO, Scaleway, OVH…): what several API instances share.
// Objects live under `<bucket prefix>/<key>` in one S3 bucket, e.g. profiles/photos/<file>.jpg.
// Never overwriting (SPEC §9): a conditional write (If-None-Match: *, which S3 and most compatible
// servers honour), after a HEAD for those that ignore it. Public URLs are either our own
// /storage route (which reads through this driver, with our cache and sandbox headers) or, with
// S3_PUBLIC_URL, the bucket's public address or a CDN in front of it.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { isSafeKey, LIST_PAGE_SIZE, ObjectExistsError, type Storage, type StoredEntry } from "./storage.ts";

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Public base URL of the objects (no trailing slash); unset: served by /storage. */
  publicUrl?: string | undefined;
}

const missing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

export function createS3Storage(settings: S3Settings, prefix: string): Storage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  const objectKey = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return `${prefix}/${key}`;
  };

  return {
    client,
    async put(key, body, contentType) {
      const Key = objectKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        throw new ObjectExistsError(key);
      } catch (err) {
        if (!missing(err)) throw err;
      }
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType, IfNoneMatch: "*" }),
        );
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 412) {
          throw new ObjectExistsError(key);
        }
        throw err;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        const body = await res.Body?.transformToByteArray();
        if (!body) return null;
        return { body, contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // S3 deletes are idempotent: a missing object is no error.
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
    publicUrl(key) {
      return settings.publicUrl ? `${settings.publicUrl}/${prefix}/${key}` : `/storage/${prefix}/${key}`;
    },
    async *list(pageSize = LIST_PAGE_SIZE) {
      // ListObjects (version 1) with a marker, the last key of the previous page: every S3-compatible
      // server has it. Version 2's continuation tokens would do as well on AWS, but s3rver, which the
      // tests run against, makes them with DES, which OpenSSL 3 refuses (a 500 on every second page).
      const Prefix = `${prefix}/`;
      let Marker: string | undefined;
      for (;;) {
        const res = await client.send(new ListObjectsCommand({ Bucket, Prefix, MaxKeys: pageSize, Marker }));
        const contents = res.Contents ?? [];
        const page: StoredEntry[] = [];
        for (const o of contents) {
          const key = o.Key?.slice(Prefix.length);
          if (!key || !isSafeKey(key)) continue;
          // A server that gives no date: taken as just written, so that no sweep removes it for want of one.
          page.push({ key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() });
        }
        if (page.length > 0) yield page;
        Marker = contents.at(-1)?.Key;
        if (!res.IsTruncated || !Marker) return;
      }
    },
  };
}
