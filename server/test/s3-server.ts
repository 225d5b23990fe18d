// A local S3-compatible server (s3rver, files in a temporary folder) for the storage tests.
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error s3rver ships no type declarations.
import S3rver from "s3rver";

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the app at it (STORAGE_DRIVER=s3 …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startLocalS3(bucket = "passerelle-test"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "passerelle-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE_DRIVER: "s3",
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
