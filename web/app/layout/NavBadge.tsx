import { Badge } from "@web/components/ui/Badge.tsx";

/** Visual count plus a spoken equivalent, e.g. « Matchs, 3 nouveaux ». */
export function NavBadge({ count, className }: { count: number | undefined; className?: string }) {
  if (count === undefined) return null;
  const shown = count > 99 ? "99+" : String(count);
  return (
    <>
      <Badge aria-hidden="true" className={className}>
        {shown}
      </Badge>
      <span className="sr-only">, {count === 1 ? "1 nouveau" : `${count} nouveaux`}</span>
    </>
  );
}
