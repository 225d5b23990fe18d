import { Alert } from "@web/components/ui/Alert.tsx";
import { cn } from "@web/components/ui/cn.ts";
import { useCallback, useState } from "react";

export interface Notice {
  tone: "success" | "error" | "info";
  text: string;
}

/** The page's last action result: « Utilisateur banni », or the server's refusal. */
export function useNotice(initial: Notice | null = null) {
  const [notice, setNotice] = useState<Notice | null>(initial);
  const success = useCallback((text: string) => setNotice({ tone: "success", text }), []);
  const failure = useCallback((text: string) => setNotice({ tone: "error", text }), []);
  const clear = useCallback(() => setNotice(null), []);
  return { notice, success, failure, clear, setNotice };
}

/** A polite live region, always in the page, so each new result is announced. */
export function LiveNotice({ notice, className }: { notice: Notice | null; className?: string }) {
  return (
    <div aria-live="polite" className={cn("empty:hidden", className)}>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </div>
  );
}
