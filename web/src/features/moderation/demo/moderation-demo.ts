import { REPORT_NEXT_STEPS, REPORTS_PER_HOUR, ReportRequest } from '@shared/schemas/reports';
import { ApiError } from '@/lib/api/api-error';
import type { ModerationApi } from '../api/moderation-api';
import type { DemoContext } from '@/lib/demo/demo-context';

const STORAGE_KEY = 'trailbuddy.demo.reports';
const HOUR_MS = 3_600_000;

/**
 * Reporting in demo mode: checked and limited like POST /api/reports, remembered for the tab, never sent anywhere.
 * The demo moderators' queue is empty (no other people's reports exist in the browser).
 */
export function createModerationDemoApi({ now, storage }: DemoContext): ModerationApi {
  function readTimes(): number[] {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((t): t is number => typeof t === 'number') : [];
    } catch {
      return [];
    }
  }

  function writeTimes(times: number[]) {
    try {
      storage.setItem(STORAGE_KEY, JSON.stringify(times));
    } catch {
      // Storage can be disabled (private mode); the limit then lasts until the page reloads.
    }
  }

  return {
    async report(request) {
      const parsed = ReportRequest.safeParse(request);
      if (!parsed.success)
        throw new ApiError(400, 'validation_failed', 'Choose a reason, and keep the note under 500 characters.');
      const at = now().getTime();
      const recent = readTimes().filter((t) => at - t < HOUR_MS);
      if (recent.length >= REPORTS_PER_HOUR)
        throw new ApiError(
          429,
          'rate_limited',
          'You have sent a lot of reports in the last hour. Please try again later.',
        );
      writeTimes([...recent, at]);
      return { reportId: `demo-report-${recent.length + 1}`, status: 'received', nextSteps: REPORT_NEXT_STEPS };
    },
    async moderationReports() {
      return { reports: [] };
    },
    async moderationAction() {
      throw new ApiError(404, 'not_found', 'There is no such report.');
    },
  };
}
