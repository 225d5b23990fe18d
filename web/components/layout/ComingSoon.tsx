import { usePageTitle } from "@web/lib/use-page-title.ts";
import { Hourglass } from "lucide-react";

/** Placeholder for a page delivered by a later issue. */
export function ComingSoon({ title, sentence }: { title: string; sentence: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Hourglass className="size-10 text-ochre-700" aria-hidden="true" />
      <h1 className="text-3xl font-bold text-teal-900">{title}</h1>
      <p className="text-lg text-ink-soft">{sentence}</p>
    </section>
  );
}
