// Local-disk storage: `${root}/${bucket}/${key}`. Writes are exclusive (flag "wx"): never overwrite.
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isSafeKey, ObjectExistsError, type Storage } from "./storage.ts";

const TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
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
  };
}
