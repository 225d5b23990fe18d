// Local-disk storage: `${root}/${bucket}/${key}`. Writes are exclusive (flag "wx"): never overwrite.
import { mkdir, opendir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSafeKey, LIST_PAGE_SIZE, ObjectExistsError, type Storage, type StoredEntry } from "./storage.ts";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  // Photo renditions (issue 39).
  ".avif": "image/avif",
  // Voice recordings (issue 37); their rows also hold the type.
  ".webm": "audio/webm",
  ".m4a": "audio/mp4",
};

export function createLocalStorage(root: string, bucket: string): Storage {
  const base = path.resolve(root, bucket);
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(base, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      try {
        await writeFile(file, body, { flag: "wx" });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "EEXIST") throw new ObjectExistsError(key);
        throw err;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const body = await readFile(fileOf(key));
        return { body, contentType: TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream" };
      } catch (err) {
        // A folder ("photos", "photos/thumbs") or a path through a file is no object either.
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      return `/storage/${bucket}/${key}`;
    },
    async *list(pageSize = LIST_PAGE_SIZE) {
      let page: StoredEntry[] = [];
      for await (const entry of walk(base, "")) {
        page.push(entry);
        if (page.length >= pageSize) {
          yield page;
          page = [];
        }
      }
      if (page.length > 0) yield page;
    },
  };
}

/** A file or folder that went away between its parent's listing and our look at it. */
const gone = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
};

/**
 * The files under `dir` (keys relative to the bucket's folder), streamed: one directory handle open
 * per level, never the whole listing of a large folder in memory.
 */
async function* walk(dir: string, prefix: string): AsyncGenerator<StoredEntry> {
  let handle: Awaited<ReturnType<typeof opendir>>;
  try {
    handle = await opendir(dir);
  } catch (err) {
    if (gone(err)) return;
    throw err;
  }
  for await (const entry of handle) {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(file, key);
      continue;
    }
    if (!entry.isFile() || !isSafeKey(key)) continue;
    try {
      const s = await stat(file);
      yield { key, size: s.size, modifiedAt: s.mtime };
    } catch (err) {
      if (!gone(err)) throw err;
    }
  }
}
