// « (3) Recherche · Passerelle »: the tab's title (and the installed app's badge) shows how many
// conversations wait to be read, whatever page set the title (usePageTitle). Mounted once, by the
// layout: it watches the <title> and puts the count back in front of each new one.
import { useEffect } from "react";

const COUNT_PREFIX = /^\(\d+\+?\) /;

/** The title with the count in front (none at 0); a count already there is replaced. */
export function titleWithUnread(title: string, unread: number): string {
  const bare = title.replace(COUNT_PREFIX, "");
  return unread > 0 ? `(${unread > 99 ? "99+" : unread}) ${bare}` : bare;
}

export function useUnreadTitle(unread: number): void {
  useEffect(() => {
    const apply = () => {
      const title = titleWithUnread(document.title, unread);
      // Setting it changes the <title> again: the second call finds nothing to do.
      if (title !== document.title) document.title = title;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [unread]);

  // The installed app's icon (where the system shows badges); a push sets it too (web/sw.ts).
  useEffect(() => {
    if (typeof navigator === "undefined" || !("setAppBadge" in navigator)) return;
    const done = unread > 0 ? navigator.setAppBadge(unread) : navigator.clearAppBadge();
    done.catch(() => undefined);
  }, [unread]);
}
