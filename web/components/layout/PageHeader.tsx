import type { ReactNode } from "react";

/** Page title block: the page's single <h1> and an optional introduction. */
export function PageHeader({ title, intro }: { title: string; intro?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-col gap-2">
      <h1 className="text-3xl font-bold tracking-tight text-teal-900 sm:text-4xl">{title}</h1>
      {intro && <p className="max-w-2xl text-lg text-ink-soft">{intro}</p>}
    </div>
  );
}
