import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ModerationReport } from '@shared/schemas/reports';
import { Header } from '@/components/layout/header';
import ModerationPage from '@/features/moderation/routes/moderation-page';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { createFakeApiClient, createFakeAuthService, renderRoutes, SIGNED_IN_USER } from '../../test-utils';

const report = (over: Partial<ModerationReport> = {}): ModerationReport => ({
  reportId: '01JABCDEFGHJKMNPQRSTVWXYZ0',
  kind: 'message',
  targetId: 'msg-1',
  subjectUserId: 'user-c',
  subjectName: 'Casey Jones',
  reporterId: 'user-a',
  reason: 'harassment',
  note: 'Rude again',
  evidence: 'you are slow, quit running',
  status: 'open',
  openReporters: 3,
  reportCount: 3,
  reasons: [{ reason: 'harassment', count: 3 }],
  notes: ['Rude again'],
  contentHidden: true,
  subjectSuspended: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...over,
});

function renderPage(overrides: Partial<ApiClient>) {
  renderRoutes([{ path: '/moderation', element: <ModerationPage /> }], {
    path: '/moderation',
    service: createFakeAuthService({ ...SIGNED_IN_USER, groups: ['moderators'] }),
    apiClient: createFakeApiClient(overrides),
  });
  return userEvent.setup();
}

describe('the moderation screen', () => {
  it("shows each report's kind, reason, note, evidence, reporters and status", async () => {
    renderPage({ moderationReports: vi.fn(async () => ({ reports: [report()] })) });
    const item = await screen.findByRole('listitem', { name: 'Message report about Casey Jones' });
    for (const text of [
      'Message',
      'Harassment or bullying (3)',
      'Rude again',
      'you are slow, quit running',
      '3 reports from 3 people',
      'Open',
      'Hidden from others',
    ]) {
      expect(within(item).getByText(text)).toBeInTheDocument();
    }
  });

  it('shows one row per content item with its reports counted, every reason and every note', async () => {
    const grouped = report({
      openReporters: 2,
      reportCount: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'unsafe', count: 1 },
      ],
      notes: ['Sells gear in every message', 'Asked me to meet off the trail'],
    });
    renderPage({
      moderationReports: vi.fn(async () => ({
        reports: [
          grouped,
          report({
            reportId: '01JABCDEFGHJKMNPQRSTVWXYZ1',
            targetId: 'msg-2',
            subjectName: 'Dana Lee',
            reportCount: 1,
            openReporters: 1,
            reasons: [{ reason: 'other', count: 1 }],
            notes: [],
          }),
        ],
      })),
    });
    const rows = await screen.findAllByRole('listitem', { name: /report about/ });
    expect(rows).toHaveLength(2);
    const casey = screen.getByRole('listitem', { name: 'Message report about Casey Jones' });
    expect(within(casey).getByText('3 reports from 2 people')).toBeInTheDocument();
    expect(within(casey).getByText('Spam or scam (2), Safety concern')).toBeInTheDocument();
    expect(within(casey).getByText('Sells gear in every message')).toBeInTheDocument();
    expect(within(casey).getByText('Asked me to meet off the trail')).toBeInTheDocument();
    const dana = screen.getByRole('listitem', { name: 'Message report about Dana Lee' });
    expect(within(dana).getByText('1 report from 1 person')).toBeInTheDocument();
    expect(within(dana).getByText('No note')).toBeInTheDocument();
  });

  it('suspends only after the confirm step, then reloads the queue', async () => {
    const moderationReports = vi
      .fn()
      .mockResolvedValueOnce({ reports: [report()] })
      .mockResolvedValueOnce({ reports: [] });
    const moderationAction = vi.fn(async () => ({
      reportId: report().reportId,
      action: 'suspend' as const,
      closedReports: 3,
    }));
    const user = renderPage({ moderationReports, moderationAction });
    await user.click(await screen.findByRole('button', { name: 'Suspend account: Casey Jones' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Suspend this account?' });
    expect(moderationAction).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Suspend account' }));
    expect(moderationAction).toHaveBeenCalledWith(report().reportId, 'suspend');
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('does nothing when the confirm step is cancelled', async () => {
    const moderationAction = vi.fn();
    const user = renderPage({ moderationReports: vi.fn(async () => ({ reports: [report()] })), moderationAction });
    await user.click(await screen.findByRole('button', { name: 'Hide content: Casey Jones' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(moderationAction).not.toHaveBeenCalled();
  });

  it('has an empty state', async () => {
    renderPage({ moderationReports: vi.fn(async () => ({ reports: [] })) });
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });

  it('tells a non-moderator (403) that moderation is not available', async () => {
    renderPage({
      moderationReports: vi.fn(async () =>
        Promise.reject(new ApiError(403, 'forbidden', 'Only moderators can review reports.')),
      ),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Moderation is not available for your account.');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
  });

  it('offers a retry on other errors', async () => {
    const moderationReports = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'down'))
      .mockResolvedValueOnce({ reports: [] });
    const user = renderPage({ moderationReports });
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No open reports')).toBeInTheDocument();
  });
});

describe('the header', () => {
  const routes = [{ path: '/', element: <Header /> }];
  const apiClient = () =>
    createFakeApiClient({
      notifications: vi.fn(async () => ({ notifications: [], unread: 0, unreadMessages: 0, nextCursor: null })),
    });

  it('links moderators to /moderation', async () => {
    renderRoutes(routes, {
      service: createFakeAuthService({ ...SIGNED_IN_USER, groups: ['moderators'] }),
      apiClient: apiClient(),
    });
    const links = await screen.findAllByRole('link', { name: 'Moderation', hidden: true });
    expect(links[0]).toHaveAttribute('href', '/moderation');
  });

  it('shows no moderation link to other people', async () => {
    renderRoutes(routes, { service: createFakeAuthService(SIGNED_IN_USER), apiClient: apiClient() });
    await screen.findByRole('button', { name: 'Sign Out' });
    expect(screen.queryAllByRole('link', { name: 'Moderation', hidden: true })).toHaveLength(0);
  });
});
