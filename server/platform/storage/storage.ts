// Object storage for photos. Local disk by default; an S3-compatible implementation can be added
// behind the same interface (ARCHITECTURE "photos"). Keys look like "photos/<file>" inside a bucket.

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
}

/** One object as a listing gives it. */
export interface StoredEntry {
  key: string;
  size: number;
  /** When it was written (local disk: the file's mtime; S3: LastModified, to the second). */
  modifiedAt: Date;
}

/** Objects per page of a listing unless told: S3's own maximum for one ListObjectsV2 call. */
export const LIST_PAGE_SIZE = 1000;

export interface Storage {
  /** Writes a new object; throws ObjectExistsError rather than overwrite (SPEC §9: no overwrite). */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** Deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Public URL path of an object, served with a 3600 s cache. */
  publicUrl(key: string): string;
  /**
   * Every object, a page at a time (S3: one ListObjectsV2 call per page; local disk: a walk of the
   * folder), in no promised order. Objects written or deleted during the listing may or may not be
   * in it. Only keys this interface can address are listed (isSafeKey): a stray file such as
   * `.DS_Store` is none of ours.
   */
  list(pageSize?: number): AsyncIterable<StoredEntry[]>;
}

export class ObjectExistsError extends Error {
  constructor(key: string) {
    super(`Object already exists: ${key}`);
    this.name = "ObjectExistsError";
  }
}

const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** Storage keys are plain relative paths: no "..", no absolute paths, no odd characters. */
export function isSafeKey(key: string): boolean {
  return (
    key.length <= 300 && SAFE_KEY.test(key) && !key.split("/").some((seg) => seg === "." || seg === "..")
  );
}
