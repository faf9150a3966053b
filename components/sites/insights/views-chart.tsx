import { dayLabel, formatCount } from "./insights-format";

/**
 * Views per day as CSS bars (no chart library). The bars are a picture for sighted readers
 * (aria-hidden, each with a tooltip); the same numbers are in the table under it, which screen
 * readers and anyone wanting exact figures read.
 */
export function ViewsChart({ daily }: { daily: { day: string; views: number }[] }) {
  const max = Math.max(1, ...daily.map((day) => day.views));
  const first = daily[0];
  const last = daily.at(-1);
  return (
    <figure className="space-y-2">
      <div aria-hidden className="flex h-40 items-end gap-px rounded-md border border-slate-200 bg-slate-50 px-1 pt-2 sm:gap-0.5">
        {daily.map((day) => (
          <div key={day.day} title={`${dayLabel(day.day)}: ${formatCount(day.views, "view")}`} className="flex h-full min-w-0 flex-1 items-end">
            <div
              className={day.views > 0 ? "w-full rounded-t-sm bg-indigo-500" : "w-full bg-slate-200"}
              style={{ height: day.views > 0 ? `${Math.max(2, (day.views / max) * 100)}%` : "1px" }}
            />
          </div>
        ))}
      </div>
      {first && last && (
        <div aria-hidden className="flex justify-between text-xs text-slate-500">
          <span>{dayLabel(first.day)}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      )}
      <figcaption>
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600 hover:text-slate-900">Views per day as a table</summary>
          {/* Scrolls when long: focusable, so the keyboard scrolls it too. */}
          <div tabIndex={0} role="region" aria-label="Views per day" className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-500">
            <table className="w-full text-left text-sm">
              <thead className="sticky top-0 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-1.5 font-medium">Day</th>
                  <th scope="col" className="px-3 py-1.5 text-right font-medium">Views</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {[...daily].reverse().map((day) => (
                  <tr key={day.day}>
                    <td className="px-3 py-1 text-slate-700">{dayLabel(day.day)}</td>
                    <td className="px-3 py-1 text-right tabular-nums text-slate-900">{day.views.toLocaleString("en")}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
