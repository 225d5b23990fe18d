import type { Ref, TextareaHTMLAttributes } from "react";
import { cn } from "./cn.ts";
import { controlClasses } from "./controls.ts";

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 5, ...rest }: TextareaProps) {
  return <textarea rows={rows} className={cn(controlClasses, "min-h-28 resize-y", className)} {...rest} />;
}
