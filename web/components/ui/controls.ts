// Shared classes for text-like form controls.
export const controlClasses =
  "block w-full min-h-11 rounded-xl border border-sand-300 bg-white px-3.5 py-2 text-base text-ink " +
  "placeholder:text-ink-soft/70 shadow-xs transition-colors hover:border-teal-500 " +
  "focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-500 focus-visible:border-teal-600 " +
  "aria-invalid:border-danger-600 aria-invalid:bg-danger-50 disabled:cursor-not-allowed disabled:bg-sand-100";
