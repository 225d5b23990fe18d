import { cn } from "./cn.ts";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-lg bg-sand-200", className)} />;
}
