import { lazy, Suspense, useRef } from 'react';
import type { AnalysisResponse, ChartBar } from '@shared/schemas/analysis';
import { afterPaint } from '@/lib/after-paint';
import { useNearViewport } from '@/lib/use-near-viewport';
import { barLabel, barPeriod, formatMinutes } from '../utils/analysis-format';
import type { ChartPoint } from './trend-bar-chart';

/**
 * recharts is most of this screen's JavaScript: it loads after the figures have painted and once a chart nears the
 * viewport (on a phone the charts are below the fold), in its own chunk, while each chart's box keeps its size (no
 * layout shift). The figure's accessible name and the table carry the numbers.
 */
const TrendBarChart = lazy(() => afterPaint().then(() => import('./trend-bar-chart')));

function points(chart: AnalysisResponse['chart']): ChartPoint[] {
  return chart.bars.map((bar: ChartBar) => ({
    label: barLabel(bar, chart.bucket, chart.bars.length),
    period: barPeriod(bar),
    minutes: Math.round(bar.minutes),
    km: Math.round(bar.distanceMeters / 100) / 10,
    sessions: bar.sessions,
  }));
}

const BUCKET_WORDS: Record<AnalysisResponse['chart']['bucket'], string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  quarter: 'quarter',
  year: 'year',
};

/** Active minutes and distance per day, week or month of the selected range (at most 30 bars). */
export function TrendCharts({ chart }: { chart: AnalysisResponse['chart'] }) {
  const data = points(chart);
  const per = BUCKET_WORDS[chart.bucket];
  return (
    <section aria-labelledby="trends-heading" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="trends-heading" className="text-lg font-semibold text-slate-900">
        Trends
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <TrendChart title={`Active minutes per ${per}`} data={data} dataKey="minutes" unit="min" color="#047857" />
        <TrendChart title={`Distance per ${per} (km)`} data={data} dataKey="km" unit="km" color="#0f766e" />
      </div>
      <details className="mt-4 text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-brand-700">Show the chart data as a table</summary>
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Chart data">
          <table className="min-w-full text-left">
            <caption className="sr-only">Sessions, active minutes and distance per {per}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Period
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Sessions
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Active time
                </th>
                <th scope="col" className="py-2 font-semibold">
                  Distance
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((point) => (
                <tr key={point.period} className="border-b border-slate-100">
                  <th scope="row" className="py-1.5 pr-4 font-normal">
                    {point.period}
                  </th>
                  <td className="py-1.5 pr-4">{point.sessions}</td>
                  <td className="py-1.5 pr-4">{formatMinutes(point.minutes)}</td>
                  <td className="py-1.5">{point.km.toFixed(1)} km</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

function TrendChart({
  title,
  data,
  dataKey,
  unit,
  color,
}: {
  title: string;
  data: ChartPoint[];
  dataKey: 'minutes' | 'km';
  unit: string;
  color: string;
}) {
  const total = data.reduce((sum, point) => sum + point[dataKey], 0);
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const placeholder = <div className="size-full rounded-lg bg-slate-50" />;
  return (
    <figure>
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      <div
        role="img"
        aria-label={`${title}: ${data.length} bars, ${dataKey === 'km' ? total.toFixed(1) : Math.round(total)} ${unit} in total`}
        className="mt-2 h-60 w-full"
        ref={box}
      >
        {near ? (
          <Suspense fallback={placeholder}>
            <TrendBarChart data={data} dataKey={dataKey} unit={unit} color={color} />
          </Suspense>
        ) : (
          placeholder
        )}
      </div>
    </figure>
  );
}
