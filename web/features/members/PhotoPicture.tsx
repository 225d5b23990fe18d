import type { RenditionKind } from "@domain/photo-renditions.ts";
import type { PhotoDto } from "@domain/profile.ts";
import { cn } from "@web/components/ui/cn.ts";
import { useEconomyMode } from "@web/lib/economy-mode.ts";
import { useEffect, useRef, useState } from "react";
import { photoSources, placeholderUrl } from "./photo-sources.ts";

/** Near the screen: within this distance below (or above) it. */
const NEAR_MARGIN = "200px";

/** True once the element has come within NEAR_MARGIN of the viewport; always true unless `watch`. */
function useNearViewport(ref: React.RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!watch || near || !el || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, watch, near]);
  return near || !watch || typeof IntersectionObserver === "undefined";
}

interface Props {
  photo: PhotoDto;
  kind: RenditionKind;
  alt: string;
  /** The frame's width on screen, for the browser's choice among the widths (the sizes attribute). */
  sizes: string;
  /** Above the fold: loaded at once and first. */
  priority?: boolean;
  className?: string;
}

/**
 * A member's photo filling its frame: AVIF, else WebP, at the width the frame needs, over its
 * ThumbHash placeholder (a blurred preview that paints with the page's data, before the photo).
 */
export function PhotoPicture({ photo, kind, alt, sizes, priority = false, className }: Props) {
  const { active: economy } = useEconomyMode();
  // A rendition missing on the server (a restore made before the job rebuilt it): the original.
  const [failed, setFailed] = useState(false);
  const sources = failed
    ? { src: photoSources(photo, kind, economy).src }
    : photoSources(photo, kind, economy);
  const placeholder = placeholderUrl(photo);
  const frame = useRef<HTMLSpanElement>(null);
  // Economy mode: a photo is asked for only when its frame is about to be seen. The browser's own
  // lazy loading starts 1,250 to 2,500 px ahead (further on slow connections): several cards the
  // member may never scroll to.
  const near = useNearViewport(frame, economy && !priority);
  return (
    <span ref={frame} className={cn("relative block size-full overflow-hidden", className)}>
      {placeholder && (
        <img
          src={placeholder}
          alt=""
          aria-hidden="true"
          className="absolute inset-0 size-full scale-110 object-cover blur-md"
        />
      )}
      {near && (
        <picture>
          {sources.avif && <source type="image/avif" srcSet={sources.avif} sizes={sizes} />}
          {sources.webp && <source type="image/webp" srcSet={sources.webp} sizes={sizes} />}
          <img
            src={sources.src}
            alt={alt}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
            onError={() => setFailed(true)}
            className="relative size-full object-cover"
          />
        </picture>
      )}
      {!near && <span role="img" aria-label={alt} className="absolute inset-0" />}
    </span>
  );
}
