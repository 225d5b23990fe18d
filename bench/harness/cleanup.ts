// Things to undo whatever happens (servers, fakes, temporary folders, databases): run in reverse
// order at the end of the bench, on failure, and on Ctrl-C / SIGTERM.

type Task = () => Promise<void> | void;

const tasks: Task[] = [];

/** Registers an undo step; the returned function runs it now (once) and unregisters it. */
export function deferCleanup(task: Task): () => Promise<void> {
  let done = false;
  const once: Task = async () => {
    if (done) return;
    done = true;
    await task();
  };
  tasks.push(once);
  return async () => {
    const i = tasks.indexOf(once);
    if (i >= 0) tasks.splice(i, 1);
    await once();
  };
}

/** Runs every pending undo step, newest first; a failing step does not stop the others. */
export async function cleanupAll(): Promise<void> {
  while (tasks.length > 0) {
    const task = tasks.pop()!;
    try {
      await task();
    } catch (err) {
      process.stderr.write(`[bench] cleanup failed: ${String(err)}\n`);
    }
  }
}

let installed = false;

/** On Ctrl-C or SIGTERM: undo everything, then exit with the signal's conventional code. */
export function cleanupOnSignals(): void {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      process.stderr.write(`[bench] ${signal}: cleaning up…\n`);
      void cleanupAll().finally(() => process.exit(code));
    });
  }
}

/** Runs a bench: undoes everything at its end, on failure, and on Ctrl-C / SIGTERM. */
export async function withCleanup<T>(bench: () => Promise<T>): Promise<T> {
  cleanupOnSignals();
  try {
    return await bench();
  } finally {
    await cleanupAll();
  }
}
