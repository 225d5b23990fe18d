import type { InputHTMLAttributes, Ref } from "react";
import { cn } from "./cn.ts";
import { controlClasses } from "./controls.ts";

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  return <input className={cn(controlClasses, className)} {...rest} />;
}
