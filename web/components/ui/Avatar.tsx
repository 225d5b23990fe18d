import { deName } from "@domain/french.ts";
import { cn } from "./cn.ts";

interface AvatarProps {
  src?: string | null | undefined;
  /** Used for the alt text and the initials fallback. */
  name: string;
  alt?: string;
  size?: "sm" | "md" | "lg";
  className?: string;
}

const sizes = { sm: "size-9 text-sm", md: "size-12 text-base", lg: "size-20 text-2xl" } as const;

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((p) => p[0]?.toLocaleUpperCase("fr") ?? "")
    .join("");
}

export function Avatar({ src, name, alt, size = "md", className }: AvatarProps) {
  const classes = cn("shrink-0 rounded-full object-cover", sizes[size], className);
  if (src) return <img src={src} alt={alt ?? `Photo ${deName(name)}`} className={classes} />;
  // alt="" says the picture is decoration (the name is beside it): the initials are hidden too, as
  // an <img alt=""> is, rather than an image without a name.
  const decorative = alt === "";
  const classNames = cn(
    classes,
    "inline-flex items-center justify-center bg-teal-100 font-bold text-teal-800",
  );
  if (decorative)
    return (
      <span aria-hidden="true" className={classNames}>
        {initials(name) || "?"}
      </span>
    );
  return (
    <span role="img" aria-label={alt ?? name} className={classNames}>
      {initials(name) || "?"}
    </span>
  );
}
