import { formatNumber, plural, withOrdinalFirst } from "@web/lib/format.ts";
import { useId } from "react";

export interface DayCount {
  /** YYYY-MM-DD */
  day: string;
  count: number;
}

const dayFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long" });
const shortFormat = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short" });

/** A calendar day (no time zone shift): « 14 novembre ». */
export function dayLabel(day: string, short = false): string {
  const [y, m, d] = day.split("-").map(Number);
  const date = new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  return withOrdinalFirst((short ? shortFormat : dayFormat).format(date));
}

const WIDTH = 600;
const HEIGHT = 200;
const TOP = 12;
const BOTTOM = 24;
const LEFT = 36;

/** A rounded-up axis maximum: 1, 2, 5, 10, 20, 50… */
function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

interface BarChartProps {
  title: string;
  data: readonly DayCount[];
  /** Noun for the counts, e.g. « inscriptions ». */
  /** What is counted, in the plural (« inscriptions »), and in the singular for 1. */
  unit: string;
  unitOne: string;
}

/**
 * Counts per day as bars, in hand-written SVG: the image has a title and a summary (total,
 * busiest day), and the exact figures follow in a table for screen readers.
 */
export function BarChart({ title, data, unit, unitOne }: BarChartProps) {
  const titleId = useId();
  const descId = useId();
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const busiest = data.reduce<DayCount | null>((best, d) => (!best || d.count > best.count ? d : best), null);
  const max = niceMax(busiest?.count ?? 0);
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(2, slot * 0.7);
  const y = (count: number) => TOP + plotHeight - (count / max) * plotHeight;
  const first = data[0];
  const last = data.at(-1);

  const summary =
    data.length === 0
      ? "Aucune donnée."
      : `${plural(total, unitOne, unit, `0 ${unit}`)} du ${dayLabel(first?.day ?? "")} au ${dayLabel(last?.day ?? "")}` +
        (busiest && busiest.count > 0
          ? `, avec un maximum de ${formatNumber(busiest.count)} le ${dayLabel(busiest.day)}.`
          : ".");

  // « Nombre de messages », « Nombre d'inscriptions ».
  const countHeader = `Nombre ${/^[aeéèêiouy]/i.test(unit) ? "d’" : "de "}${unit}`;

  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-lg font-bold text-teal-900">{title}</figcaption>
      <p className="text-sm text-ink-soft" aria-hidden="true">
        {summary}
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full text-ink-soft"
        focusable="false"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={y(tick)}
              y2={y(tick)}
              className="stroke-sand-200"
              strokeWidth={1}
            />
            <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" className="fill-current text-[11px]">
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {data.map((d, i) => {
          const top = y(d.count);
          return (
            <rect
              key={d.day}
              x={LEFT + i * slot + (slot - barWidth) / 2}
              y={top}
              width={barWidth}
              height={Math.max(0, TOP + plotHeight - top)}
              rx={2}
              className="fill-teal-600"
            >
              <title>{`${dayLabel(d.day)} : ${formatNumber(d.count)}`}</title>
            </rect>
          );
        })}
        {first && (
          <text x={LEFT} y={HEIGHT - 6} className="fill-current text-[11px]">
            {dayLabel(first.day, true)}
          </text>
        )}
        {last && data.length > 1 && (
          <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="fill-current text-[11px]">
            {dayLabel(last.day, true)}
          </text>
        )}
      </svg>
      {/* The wrapper, not the table, is visually hidden: a table keeps the width of its content,
          and the hidden 1 px box clips it so that it cannot widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{`${title} : chiffres par jour`}</caption>
          <thead>
            <tr>
              <th scope="col">Jour</th>
              <th scope="col">{countHeader}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <th scope="row">{dayLabel(d.day)}</th>
                <td>{formatNumber(d.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
