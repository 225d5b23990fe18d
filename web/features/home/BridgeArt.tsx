/** Decorative composition in CSS and SVG: two shores joined by a bridge under a rising sun. */
export function BridgeArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-sm md:max-w-md">
      <div className="absolute inset-[8%] rounded-full bg-ochre-200" />
      <div className="absolute inset-[24%] rounded-full bg-ochre-300" />
      <div className="absolute inset-x-0 bottom-0 h-[38%] rounded-b-[40%] bg-teal-800" />
      <svg viewBox="0 0 200 200" className="absolute inset-0 size-full" aria-hidden="true" focusable="false">
        <path
          d="M10 140 C 60 70, 140 70, 190 140"
          fill="none"
          stroke="#963a1d"
          strokeWidth="7"
          strokeLinecap="round"
        />
        <path d="M10 140 H190" stroke="#963a1d" strokeWidth="6" strokeLinecap="round" />
        {[40, 70, 100, 130, 160].map((x) => (
          <line
            key={x}
            x1={x}
            x2={x}
            y1={140}
            y2={x === 100 ? 88 : x === 70 || x === 130 ? 96 : 114}
            stroke="#d65f2e"
            strokeWidth="4"
            strokeLinecap="round"
          />
        ))}
        <path
          d="M20 168 q 10 -6 20 0 t 20 0 t 20 0"
          fill="none"
          stroke="#a9ddd7"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <path
          d="M110 180 q 10 -6 20 0 t 20 0 t 20 0"
          fill="none"
          stroke="#a9ddd7"
          strokeWidth="3"
          strokeLinecap="round"
        />
      </svg>
    </div>
  );
}
