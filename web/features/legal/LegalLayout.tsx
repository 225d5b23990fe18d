import { usePublicConfig } from "@web/lib/use-config.ts";
import { useAfterHydration } from "@web/lib/use-hydrated.ts";
import type { ReactNode } from "react";

export const LAST_UPDATED = "22 novembre 2026";

interface LegalLayoutProps {
  title: string;
  intro: ReactNode;
  toc: readonly { id: string; title: string }[];
  children: ReactNode;
}

/** Long-form legal page: title, date, table of contents and numbered sections. */
export function LegalLayout({ title, intro, toc, children }: LegalLayoutProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="mb-8 flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-teal-900 sm:text-4xl">{title}</h1>
        <p className="text-sm text-ink-soft">Dernière mise à jour : {LAST_UPDATED}</p>
        <div className="text-lg text-ink-soft">{intro}</div>
      </header>
      <nav aria-labelledby="sommaire" className="mb-8 rounded-2xl border border-sand-200 bg-white p-5">
        <h2 id="sommaire" className="text-lg font-bold text-teal-900">
          Sommaire
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-6">
          {toc.map((entry) => (
            <li key={entry.id}>
              <a
                href={`#${entry.id}`}
                className="inline-block py-1 text-teal-700 underline underline-offset-2"
              >
                {entry.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      <div className="prose-legal">{children}</div>
    </article>
  );
}

export function LegalSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="scroll-mt-20">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The contact address from the server configuration, as a mailto link. */
export function ContactEmail() {
  const { data } = usePublicConfig();
  const email = useAfterHydration(data?.contactEmail, undefined);
  if (!email) return <span>l’adresse de contact indiquée en bas de chaque page</span>;
  return <a href={`mailto:${email}`}>{email}</a>;
}
