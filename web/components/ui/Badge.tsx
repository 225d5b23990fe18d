import type { HTMLAttributes } from "react";
import { cn } from "./cn.ts";

type Tone = "brand" | "teal" | "neutral";

const tones: Record<Tone, string> = {
  brand: "bg-brand-700 text-white",
  teal: "bg-teal-700 text-white",
  neutral: "bg-sand-200 text-ink",
};

export function Badge({
  tone = "brand",
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        "inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs leading-5 font-bold",
        tones[tone],
        className,
      )}
      {...rest}
    />
  );
}
