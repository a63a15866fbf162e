/**
 * Daily sales (bars) and orders (line) over the last 30 days as server-rendered SVG: no JavaScript.
 * Screen readers get the SVG's title and summary, and the figures as a table under it.
 */
import { formatMoney } from "../../../lib/money.ts";
import { Table } from "../../ui/Table.tsx";

export interface ChartDay {
  day: string;
  cents: number;
  orders: number;
}

const W = 720;
const H = 220;
const PAD = { top: 16, right: 40, bottom: 28, left: 64 };
const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function dayLabel(day: string): string {
  const [, m, d] = day.split("-").map(Number);
  return `${d} ${months[m - 1]}`;
}

/** A round maximum for an axis (1, 2 or 5 times a power of ten), at least `min`. */
function niceMax(value: number, min: number): number {
  const v = Math.max(value, min);
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 5, 10].map((k) => k * p).find((x) => x >= v) ?? 10 * p;
}

export function SalesChart({ days }: { days: ChartDay[] }) {
  const totalCents = days.reduce((s, d) => s + d.cents, 0);
  const totalOrders = days.reduce((s, d) => s + d.orders, 0);
  const best = days.reduce((a, d) => (d.cents > a.cents ? d : a), days[0]);
  const maxCents = niceMax(Math.max(...days.map((d) => d.cents)), 100_00);
  const maxOrders = niceMax(Math.max(...days.map((d) => d.orders)), 5);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / days.length;
  const y = (v: number, max: number) => PAD.top + plotH - (v / max) * plotH;
  const line = days.map((d, i) =>
    `${i ? "L" : "M"}${(PAD.left + step * (i + 0.5)).toFixed(1)},${y(d.orders, maxOrders).toFixed(1)}`
  )
    .join(" ");
  const summary = `${days.length} days from ${dayLabel(days[0].day)} to ${dayLabel(days.at(-1)!.day)}: ${
    formatMoney(totalCents)
  } from ${totalOrders} paid orders${
    best.cents ? `; best day ${dayLabel(best.day)} with ${formatMoney(best.cents)}` : ""
  }.`;
  return (
    <figure className="rounded-xl border border-stone-200 bg-white p-4">
      <figcaption className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-bold">Sales and orders, last 30 days</span>
        <span className="flex gap-4 text-xs text-stone-600">
          <span className="flex items-center gap-1">
            <span className="inline-block h-2.5 w-2.5 rounded-sm bg-green-700" aria-hidden="true" /> Sales (R)
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden="true" /> Orders
          </span>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-labelledby="sales-chart-title sales-chart-desc"
        className="mt-3 h-auto w-full"
        data-sales-chart
      >
        <title id="sales-chart-title">Daily sales and orders over the last 30 days</title>
        <desc id="sales-chart-desc">{summary}</desc>
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line
              x1={PAD.left}
              x2={W - PAD.right}
              y1={y(f * maxCents, maxCents)}
              y2={y(f * maxCents, maxCents)}
              stroke="#e7e5e4"
            />
            <text x={PAD.left - 6} y={y(f * maxCents, maxCents) + 4} textAnchor="end" fontSize="11" fill="#57534e">
              {`R${Math.round((f * maxCents) / 100).toLocaleString("en-ZA")}`}
            </text>
            {f !== 0.5
              ? (
                <text x={W - PAD.right + 6} y={y(f * maxOrders, maxOrders) + 4} fontSize="11" fill="#b45309">
                  {String(f * maxOrders)}
                </text>
              )
              : null}
          </g>
        ))}
        {days.map((d, i) => {
          const h = (d.cents / maxCents) * plotH;
          return (
            <rect
              key={d.day}
              x={PAD.left + step * i + step * 0.15}
              y={PAD.top + plotH - h}
              width={step * 0.7}
              height={h}
              fill="#15803d"
              rx="1.5"
            >
              <title>{`${dayLabel(d.day)}: ${formatMoney(d.cents)}, ${d.orders} orders`}</title>
            </rect>
          );
        })}
        <path d={line} fill="none" stroke="#d97706" strokeWidth="2" strokeLinejoin="round" />
        {days.map((d, i) =>
          (i % 7 === 0 && i < days.length - 4) || i === days.length - 1
            ? (
              <text
                key={d.day}
                x={PAD.left + step * (i + 0.5)}
                y={H - 8}
                textAnchor="middle"
                fontSize="11"
                fill="#57534e"
              >
                {dayLabel(d.day)}
              </text>
            )
            : null
        )}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-stone-600">Show the figures as a table</summary>
        <Table
          className="mt-2 w-full text-left text-xs"
          caption={<caption className="sr-only">Daily sales and orders, last 30 days</caption>}
          columns={[
            { header: "Day", th: "py-1", rowHeader: true, td: "py-1 font-normal", cell: (d) => dayLabel(d.day) },
            { header: "Sales", th: "py-1 text-right", td: "py-1 text-right", cell: (d) => formatMoney(d.cents) },
            { header: "Orders", th: "py-1 text-right", td: "py-1 text-right", cell: (d) => d.orders },
          ]}
          rows={days}
          rowKey={(d) => d.day}
          rowProps={() => ({ className: "border-t border-stone-100" })}
        />
      </details>
    </figure>
  );
}
