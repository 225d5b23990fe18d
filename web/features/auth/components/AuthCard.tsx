import type { ReactNode } from "react";

/** Narrow centred card used by the sign-in, sign-up and password pages. */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-[var(--radius-card)] border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-teal-900 sm:text-3xl">{title}</h1>
        {intro && <div className="mt-2 text-ink-soft">{intro}</div>}
        <div className="mt-6">{children}</div>
      </div>
    </section>
  );
}
