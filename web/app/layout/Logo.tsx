import { Link } from "react-router-dom";

/** Word mark: a small bridge arch and the name. */
export function Logo() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-11 items-center gap-2 rounded-lg pr-2 text-xl font-extrabold tracking-tight text-teal-900"
    >
      <svg viewBox="0 0 64 64" className="size-8" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#124947" />
        <path d="M10 44c8-18 36-18 44 0" fill="none" stroke="#f0c35a" strokeWidth="6" strokeLinecap="round" />
        <path d="M18 44V34M32 44V28M46 44V34" stroke="#eca079" strokeWidth="5" strokeLinecap="round" />
      </svg>
      Passerelle
    </Link>
  );
}
