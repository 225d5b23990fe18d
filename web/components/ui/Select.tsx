import type { Ref, SelectHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { controlClasses } from "./controls.ts";

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, children, ...rest }: SelectProps) {
  return (
    <select className={cn(controlClasses, "appearance-auto pr-2", className)} {...rest}>
      {children}
    </select>
  );
}
