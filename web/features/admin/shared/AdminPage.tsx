import { PageHeader } from "@web/components/layout/PageHeader.tsx";
import { usePageTitle } from "@web/lib/use-page-title.ts";
import type { ReactNode } from "react";

/** Title « Utilisateurs · Administration », the page's <h1>, its introduction and content. */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro?: ReactNode;
  /** Links or buttons shown next to the title. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(`${title} · Administration`);
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-6 md:px-6 lg:px-8 lg:py-8">
      <div className="flex flex-wrap items-start justify-between gap-x-6">
        <PageHeader title={title} intro={intro} />
        {actions && <div className="mb-6 flex flex-wrap gap-3">{actions}</div>}
      </div>
      {children}
    </div>
  );
}
