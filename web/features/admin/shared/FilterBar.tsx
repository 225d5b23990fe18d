import type { ReactNode } from "react";

/** The filters above a list, in a labelled region. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] items-start gap-4 rounded-[var(--radius-card)] border border-sand-200 bg-white p-4">
        {children}
      </div>
    </section>
  );
}
