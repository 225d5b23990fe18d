import type { HTMLAttributes } from "react";
import { cn } from "./cn.ts";

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        "rounded-[var(--radius-card)] border border-sand-200 bg-white p-5 shadow-sm sm:p-7",
        className,
      )}
      {...rest}
    />
  );
}
