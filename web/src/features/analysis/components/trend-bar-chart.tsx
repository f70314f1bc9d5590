import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartPoint {
  label: string;
  period: string;
  minutes: number;
  km: number;
  sessions: number;
}

/** One bar chart of the trends (recharts: loaded lazily by trend-charts.tsx, after the figures have painted). */
export default function TrendBarChart({
  data,
  dataKey,
  unit,
  color,
}: {
  data: ChartPoint[];
  dataKey: 'minutes' | 'km';
  unit: string;
  color: string;
}) {
  return (
    <BarChart
      data={data}
      responsive
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
      <XAxis dataKey="label" tick={{ fontSize: 11, fill: '#475569' }} interval="preserveStartEnd" minTickGap={8} />
      <YAxis tick={{ fontSize: 11, fill: '#475569' }} allowDecimals={dataKey === 'km'} />
      <Tooltip
        cursor={{ fill: '#f1f5f9' }}
        labelFormatter={(_label, payload) => (payload[0]?.payload as ChartPoint | undefined)?.period ?? ''}
        formatter={(value) => [`${String(value)} ${unit}`, dataKey === 'km' ? 'Distance' : 'Active time']}
      />
      <Bar dataKey={dataKey} fill={color} radius={[3, 3, 0, 0]} isAnimationActive={false} />
    </BarChart>
  );
}
