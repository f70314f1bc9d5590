import type { BenchResult } from './types';

const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Why `result` does not follow the BenchResult contract, or null if it does. */
export function invalidResult(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return 'not an object';
  const r = result as Record<string, unknown>;
  if (typeof r.name !== 'string' || !KEBAB_CASE.test(r.name))
    return `name must be kebab-case, got ${JSON.stringify(r.name)}`;
  if (typeof r.value !== 'number' || !Number.isFinite(r.value))
    return `${r.name}: value must be a finite number, got ${String(r.value)}`;
  if (typeof r.unit !== 'string' || r.unit === '') return `${r.name}: unit must be a non-empty string`;
  for (const key of ['floor', 'target'] as const) {
    const value = r[key];
    if (value !== null && (typeof value !== 'number' || !Number.isFinite(value)))
      return `${r.name}: ${key} must be a finite number or null`;
  }
  if (typeof r.ok !== 'boolean') return `${r.name}: ok must be a boolean`;
  return null;
}

export function formatNumber(value: number | null): string {
  if (value === null) return '-';
  const magnitude = Math.abs(value);
  const decimals = magnitude >= 1000 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3;
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: decimals });
}

/** The table `npm run bench` prints: one row per result, MISSED where a target is not met. */
export function formatTable(results: readonly BenchResult[]): string {
  const header = ['name', 'value', 'unit', 'floor', 'target', 'ok', 'x floor'];
  const rows = results.map((r) => [
    r.name,
    formatNumber(r.value),
    r.unit,
    formatNumber(r.floor),
    formatNumber(r.target),
    r.target === null ? '-' : r.ok ? 'ok' : 'MISSED',
    r.floor ? `${formatNumber(r.value / r.floor)}x` : '-',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const rightAligned = new Set([1, 3, 4, 6]);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
