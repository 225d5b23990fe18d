// How benches print: a heading, the machine line under it, markdown tables, and progress on stderr
// (stdout holds the report alone).
import type { Machine } from "./machine.ts";

/** A markdown heading (## by default) after a blank line. */
export function heading(title: string, level = 2): void {
  console.log(`\n${"#".repeat(level)} ${title}`);
}

/** The bench's title, then the machine line followed by what else describes the run. */
export function printHeading(title: string, machine: Machine, ...about: string[]): void {
  heading(title);
  console.log(`\n${[machine.line(), ...about].join(" ")}`);
}

/**
 * A markdown table. `columns`: their names, or one string of them separated by " | ". `align`
 * has a letter a column, l (left) or r (right: numbers); by default the first column is left and
 * the others right.
 */
export function table(
  columns: string | readonly string[],
  rows: readonly (readonly unknown[])[],
  align?: string,
): void {
  const head = typeof columns === "string" ? columns.split(" | ") : columns;
  const a = align ?? `l${"r".repeat(head.length - 1)}`;
  console.log(`| ${head.join(" | ")} |`);
  console.log(`|${head.map((_, i) => (a[i] === "r" ? "---:" : "---")).join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

/** A progress line on stderr: `[bench:name] message`. */
export function progress(name: string): (message: string) => void {
  return (message) => process.stderr.write(`[bench:${name}] ${message}\n`);
}
