// One process at a time on an embedded database folder. PGlite has no postmaster to refuse a second
// opener, and two processes writing the same files corrupt them; so whoever opens the folder (the
// app, a backup, a restore) first takes `<folder>.lock`, holding its pid. A lock whose process is
// gone (kill -9, power loss) is taken over.
import { readFileSync, rmSync, writeFileSync } from "node:fs";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database folder is in use by process ${pid} (${lockFile}). ` +
        "Stop that process first (backups and restores need the app stopped); " +
        `if no Passerelle process is running, delete ${lockFile}.`,
    );
    this.name = "DataDirLockedError";
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, owned by someone else.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Locks this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

/** Takes the folder's lock or throws DataDirLockedError; returns the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      held.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        held.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(lockFile, "utf8").trim());
      const ours = pid === process.pid;
      if ((ours && held.has(lockFile)) || (!ours && Number.isInteger(pid) && pid > 0 && alive(pid))) {
        throw new DataDirLockedError(lockFile, pid);
      }
      // Stale: its process is gone (or it is a pid reused by us after a crash). Take it over.
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take ${lockFile}`);
}
