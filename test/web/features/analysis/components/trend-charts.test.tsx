// own module registry: the first render must find recharts not loaded yet, as a first visit does.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisResponse } from '@shared/schemas/analysis';
import { TrendCharts } from '@/features/analysis/components/trend-charts';

const chart: AnalysisResponse['chart'] = {
  bucket: 'month',
  bars: [
    { start: '2026-09-01', end: '2026-09-30', minutes: 120, distanceMeters: 15_000, sessions: 3 },
    { start: '2026-10-01', end: '2026-10-31', minutes: 90, distanceMeters: 12_500, sessions: 2 },
  ],
};

const RECHARTS_IMPORT_MS = 45_000;

describe('TrendCharts', () => {
  it(
    'shows the figures at once and draws the bars after the first paint, in boxes that keep their size',
    async () => {
      const { container } = render(<TrendCharts chart={chart} />);
      // first render: the figures' names and the data table, no recharts yet (its chunk loads after the paint)
      const minutes = screen.getByRole('img', { name: 'Active minutes per month: 2 bars, 210 min in total' });
      expect(
        screen.getByRole('img', { name: 'Distance per month (km): 2 bars, 27.5 km in total' }),
      ).toBeInTheDocument();
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
      expect(container.querySelector('.recharts-wrapper')).toBeNull();
      expect(minutes).toHaveClass('h-60', 'w-full');
      expect(minutes.firstElementChild).toHaveClass('size-full');

      // The first import of recharts in a fresh registry: seconds on a busy machine.
      await waitFor(() => expect(container.querySelectorAll('.recharts-wrapper')).toHaveLength(2), {
        timeout: RECHARTS_IMPORT_MS,
      });
      expect(minutes).toHaveClass('h-60', 'w-full');
    },
    2 * RECHARTS_IMPORT_MS,
  );

  describe('below the fold', () => {
    afterEach(() => vi.unstubAllGlobals());

    it(
      'loads recharts only once a chart nears the viewport',
      async () => {
        const observers: { callback: IntersectionObserverCallback; margin?: string }[] = [];
        vi.stubGlobal(
          'IntersectionObserver',
          class {
            constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
              observers.push({ callback, margin: options?.rootMargin });
            }
            observe() {}
            disconnect() {}
          },
        );
        const { container } = render(<TrendCharts chart={chart} />);
        expect(observers).toHaveLength(2);
        expect(observers[0]!.margin).toBe('50px');
        // well past the first paint: still no chart, its box keeps its size
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(container.querySelector('.recharts-wrapper')).toBeNull();
        const minutes = screen.getByRole('img', { name: 'Active minutes per month: 2 bars, 210 min in total' });
        expect(minutes.firstElementChild).toHaveClass('size-full');

        act(() =>
          observers[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver),
        );
        await waitFor(() => expect(container.querySelectorAll('.recharts-wrapper')).toHaveLength(1), {
          timeout: RECHARTS_IMPORT_MS,
        });
      },
      2 * RECHARTS_IMPORT_MS,
    );
  });
});
