import { cn } from "./cn.ts";

/**
 * An e-mail address, whole (never cut off with « … »), that wraps before its « @ » when it does not
 * fit on one line, and inside a part only when that part alone is still too long. It does not hold a
 * table column wider than the rest of the table allows.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={cn("[overflow-wrap:anywhere]", className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
