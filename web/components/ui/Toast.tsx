// Short-lived confirmations (« … ne fait plus partie de vos matchs ») that outlive the element that
// caused them: a dialog that closed, a card that left the list. One polite live region for the whole
// app (errors in an assertive one), above the bottom bar on phones (56 px, plus the home indicator's
// safe area on iPhones), top right from the md breakpoint.
// Each toast stays 6 s (errors 10 s), longer while hovered or focused, and can be closed by keyboard.
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { cn } from "./cn.ts";

type Tone = "success" | "error" | "info";

interface ToastInput {
  tone?: Tone;
  text: string;
}
interface ToastItem extends Required<ToastInput> {
  id: number;
}

interface ToastApi {
  show(toast: ToastInput): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const DURATION_MS: Record<Tone, number> = { success: 6_000, info: 6_000, error: 10_000 };
const MAX_VISIBLE = 3;

const tones: Record<Tone, string> = {
  error: "border-danger-600/40 bg-danger-50 text-danger-700",
  success: "border-success-700/30 bg-success-50 text-success-700",
  info: "border-teal-200 bg-teal-50 text-teal-900",
};
const icons = { error: CircleAlert, success: CircleCheck, info: Info } as const;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(
    () => ({
      show: ({ tone = "success", text }) =>
        setToasts((all) => [...all, { id: nextId.current++, tone, text }].slice(-MAX_VISIBLE)),
    }),
    [],
  );
  const polite = toasts.filter((t) => t.tone !== "error");
  const assertive = toasts.filter((t) => t.tone === "error");
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-3 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 flex flex-col items-center gap-2 md:inset-x-auto md:top-20 md:right-4 md:bottom-auto md:items-end">
        {/* Live regions without a role: always present (a region must exist before its content
            for screen readers to announce it), and not mistaken for a page's own alert. */}
        <div aria-live="polite" className="flex w-full flex-col gap-2 md:w-96">
          {polite.map((t) => (
            <ToastCard key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
        <div aria-live="assertive" className="flex w-full flex-col gap-2 md:w-96">
          {assertive.map((t) => (
            <ToastCard key={t.id} toast={t} onDismiss={dismiss} />
          ))}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

function ToastCard({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(toast.id), DURATION_MS[toast.tone]);
    return () => clearTimeout(timer);
  }, [held, toast, onDismiss]);
  const Icon = icons[toast.tone];
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the timer (WCAG 2.2.1); the close button is the control.
    <div
      className={cn(
        "pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg",
        tones[toast.tone],
      )}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1">{toast.text}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label="Fermer la notification"
        className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-black/5 focus-visible:outline-3 focus-visible:outline-teal-500"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Shows a toast: `toast.show({ tone: "success", text: "…" })`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast needs a <ToastProvider>");
  return api;
}
