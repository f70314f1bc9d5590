import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisResponse, HeatmapDay } from '@shared/schemas/analysis';
import { ActivityHeatmap } from '@/features/analysis/components/activity-heatmap';

function year(): AnalysisResponse['heatmap'] {
  const days: HeatmapDay[] = Array.from({ length: 365 }, (_, index) => {
    const date = new Date(Date.UTC(2025, 10, 29 + index)).toISOString().slice(0, 10);
    const active = index > 330 && index % 3 === 0;
    return { date, sessions: active ? 1 : 0, minutes: active ? 45 : 0, level: active ? 3 : 0 };
  });
  return { start: days[0]!.date, end: days.at(-1)!.date, busiestMinutes: 45, days };
}

describe('ActivityHeatmap', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens scrolled to the latest weeks, where new activity is, not the oldest', () => {
    // jsdom lays nothing out: give the scrolling region the width a phone would.
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(980);
    render(<ActivityHeatmap heatmap={year()} />);
    expect(screen.getByRole('region', { name: 'Activity calendar, scrollable' }).scrollLeft).toBe(980);
  });

  it("names each month in full above its first week, outside the week's 12 px column", () => {
    const { container } = render(<ActivityHeatmap heatmap={year()} />);
    const labels = [...container.querySelectorAll('[role="listitem"] > span[aria-hidden="true"] > span')];
    expect(labels.map((label) => label.textContent)).toEqual([
      'Dec',
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
    ]);
    for (const label of labels) expect(label).toHaveClass('absolute', 'whitespace-nowrap');
  });
});
