import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppleIngestResponse } from '@shared/schemas/apple';
import {
  APPLE_TEST_TIMEOUT_MS,
  AppleHealthSetupDialog,
} from '@/features/connections/components/apple-health-setup-dialog';
import type { AppleIngestCredentials } from '@/features/connections/components/apple-ingest-credentials';
import { ApiError, type ApiClient } from '@/lib/api-client';
import { APPLE_SHORTCUT_STORAGE_KEY, type AppleShortcutFlags } from '@/features/connections/utils/apple-shortcut-setup';
import { createFakeApiClient, createFakeAuthService, SIGNED_IN_USER, TestProviders } from '../../../test-utils';

const CREDENTIALS: AppleIngestCredentials = {
  token: 'tb_ingest_0123456789abcdef0123456789abcdef',
  ingestUrl: 'http://localhost:3000/api/apple/ingest',
  shortcutUrl: 'https://www.icloud.com/shortcuts/trailbuddy',
};

const ingested: AppleIngestResponse = {
  accepted: 0,
  duplicates: 0,
  rejected: [],
  receivedAt: '2026-03-10T10:00:00.000Z',
};

/** Holds the issued token the way the Health Connections screen does. */
function Harness({
  issue,
  onClose,
  onFinished,
  initial = null,
}: {
  issue(): Promise<AppleIngestCredentials>;
  onClose(): void;
  onFinished(): void;
  initial?: AppleIngestCredentials | null;
}) {
  const [credentials, setCredentials] = useState<AppleIngestCredentials | null>(initial);
  return (
    <AppleHealthSetupDialog
      credentials={credentials}
      onIssueToken={async () => {
        const issued = await issue();
        setCredentials(issued);
        return issued;
      }}
      onClose={onClose}
      onFinished={onFinished}
    />
  );
}

function renderDialog({
  api = {},
  issue = vi.fn(async () => CREDENTIALS),
  initial = null,
}: {
  api?: Partial<ApiClient>;
  issue?: () => Promise<AppleIngestCredentials>;
  initial?: AppleIngestCredentials | null;
} = {}) {
  const apiClient = createFakeApiClient({ testAppleIngest: vi.fn(async () => ingested), ...api });
  const onClose = vi.fn();
  const onFinished = vi.fn();
  render(
    <TestProviders service={createFakeAuthService(SIGNED_IN_USER)} apiClient={apiClient}>
      <Harness issue={issue} onClose={onClose} onFinished={onFinished} initial={initial} />
    </TestProviders>,
  );
  return {
    apiClient,
    issue,
    onClose,
    onFinished,
    dialog: screen.getByRole('dialog', { name: 'Connect Apple Health' }),
  };
}

const storedFlags = (): AppleShortcutFlags =>
  JSON.parse(window.localStorage.getItem(APPLE_SHORTCUT_STORAGE_KEY) ?? '{}');
const setFlags = (flags: AppleShortcutFlags) =>
  window.localStorage.setItem(APPLE_SHORTCUT_STORAGE_KEY, JSON.stringify(flags));

function expectStep(step: number, name: string) {
  expect(screen.getByText(`Step ${step} of 4: ${name}`)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Setup progress' })).toHaveAttribute('aria-valuenow', String(step));
  expect(screen.getByRole('heading', { name, level: 3 })).toBeInTheDocument();
}

async function goToTestStep(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Get Started' }));
  await user.click(screen.getByRole('button', { name: "I've installed it" }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

describe('AppleHealthSetupDialog (spec health-connections §2)', () => {
  beforeEach(() => window.localStorage.clear());

  it('opens at Welcome with a progress bar; Cancel closes it', async () => {
    const { onClose, dialog } = renderDialog();
    expectStep(1, 'Welcome');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes with Escape', async () => {
    const { onClose } = renderDialog();
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('step 2 issues the token and shows it once, with the ingest URL and the Authorization header to copy', async () => {
    const { issue } = renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expectStep(2, 'Install Shortcut');
    await user.click(screen.getByRole('button', { name: 'Get my ingest token' }));
    expect(await screen.findByLabelText('Ingest token')).toHaveValue(CREDENTIALS.token);
    expect(issue).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Ingest URL')).toHaveValue(CREDENTIALS.ingestUrl);
    expect(screen.getByLabelText('Authorization header')).toHaveValue(`Bearer ${CREDENTIALS.token}`);
    expect(
      screen.getByText(/shown only this once; issuing a new token stops this one from working/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get my ingest token' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy ingest token' }));
    expect(await navigator.clipboard.readText()).toBe(CREDENTIALS.token);
    expect(screen.getByText('ingest token copied')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copied ingest token' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy ingest url' }));
    expect(await navigator.clipboard.readText()).toBe(CREDENTIALS.ingestUrl);
  });

  it('links to a published Shortcut only when one is configured (APPLE_SHORTCUT_URL)', async () => {
    const user = userEvent.setup();
    renderDialog({ initial: CREDENTIALS });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    const links = screen.getAllByRole('link', { name: 'Install the TrailBuddy Shortcut' });
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toHaveAttribute('href', CREDENTIALS.shortcutUrl);
  });

  it('with no published Shortcut, shows no install link at all, only the steps to build it', async () => {
    const user = userEvent.setup();
    renderDialog({ initial: { ...CREDENTIALS, shortcutUrl: null } });
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'iOS Shortcut', selected: true })).toBeInTheDocument();
    expect(screen.getByText(/1\. Find Workouts/)).toBeInTheDocument();
  });

  it('says so when the Shortcut installation cannot start, and Back returns to Welcome', async () => {
    renderDialog({ issue: vi.fn(async () => Promise.reject(new ApiError(503, 'unavailable', 'down'))) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(screen.getByRole('button', { name: 'Get my ingest token' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to open shortcut installation. Please try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expectStep(1, 'Welcome');
  });

  it('records each step in local storage: installed, then permissions', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Get Started' }));
    await user.click(screen.getByRole('button', { name: "I've installed it" }));
    expect(storedFlags()).toEqual({ installed: true, permissionsGranted: false, tested: false });
    expectStep(3, 'Grant Permissions');
    const list = screen.getByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Workouts & Activities', 'Steps & Distance', 'Heart Rate', 'Active Calories']);
    expect(screen.getByText(/Privacy: your health data is shown only to you/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(storedFlags()).toEqual({ installed: true, permissionsGranted: true, tested: false });
    expectStep(4, 'Test Connection');
  });

  it('tests the real endpoint with the issued token, then offers Complete Setup', async () => {
    const { apiClient, onFinished } = renderDialog({ initial: CREDENTIALS });
    const user = userEvent.setup();
    await goToTestStep(user);
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection Verified')).toBeInTheDocument();
    expect(apiClient.testAppleIngest).toHaveBeenCalledWith(CREDENTIALS.ingestUrl, CREDENTIALS.token);
    expect(storedFlags().tested).toBe(true);
    expect(screen.queryByRole('button', { name: 'Skip setup and try connecting anyway' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'no answer',
      new ApiError(0, 'network_error', 'x'),
      'Shortcut did not respond. Please ensure it is installed correctly.',
    ],
    [
      'a refused token',
      new ApiError(401, 'invalid_token', 'x'),
      'Connection test failed: the ingest token was not accepted.',
    ],
    ['a server refusal', new ApiError(413, 'payload_too_large', 'Too big.'), 'Connection test failed: Too big.'],
  ])('reports %s with the spec text and leaves the test undone', async (_name, error, message) => {
    renderDialog({ initial: CREDENTIALS, api: { testAppleIngest: vi.fn(async () => Promise.reject(error)) } });
    const user = userEvent.setup();
    await goToTestStep(user);
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(storedFlags().tested).toBe(false);
    expect(screen.getByRole('button', { name: 'Test Connection' })).toBeEnabled();
  });

  it('gives up after 10 s: "Test timed out. The shortcut may not be installed."', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderDialog({ initial: CREDENTIALS, api: { testAppleIngest: vi.fn(() => new Promise<never>(() => {})) } });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await goToTestStep(user);
    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(screen.getByRole('status', { name: 'Testing connection...' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(APPLE_TEST_TIMEOUT_MS - 100));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.getByRole('alert')).toHaveTextContent('Test timed out. The shortcut may not be installed.');
    expect(APPLE_TEST_TIMEOUT_MS).toBe(10_000);
  });

  it.each<[string, AppleShortcutFlags]>([
    ['installed, not tested', { installed: true, permissionsGranted: false, tested: false }],
    ['installed with permissions granted', { installed: true, permissionsGranted: true, tested: true }],
  ])('resumes at Test Connection when %s; without a token in hand the test issues one first', async (_name, flags) => {
    setFlags(flags);
    const { issue, apiClient } = renderDialog();
    expectStep(4, 'Test Connection');
    expect(screen.getByText(/testing issues a new one/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection Verified')).toBeInTheDocument();
    expect(issue).toHaveBeenCalledTimes(1);
    expect(apiClient.testAppleIngest).toHaveBeenCalledWith(CREDENTIALS.ingestUrl, CREDENTIALS.token);
    expect(screen.getByLabelText('Ingest token')).toHaveValue(CREDENTIALS.token);
  });

  it('starts over when the Shortcut was tested but permissions were never granted', () => {
    setFlags({ installed: true, permissionsGranted: false, tested: true });
    renderDialog();
    expectStep(1, 'Welcome');
  });

  it('"Skip setup and try connecting anyway" connects (issues a token) and finishes', async () => {
    setFlags({ installed: true, permissionsGranted: false, tested: false });
    const { issue, onFinished, apiClient } = renderDialog();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip setup and try connecting anyway' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(issue).toHaveBeenCalledTimes(1);
    expect(apiClient.testAppleIngest).not.toHaveBeenCalled();
  });

  it('keeps Tab inside the dialog', async () => {
    renderDialog();
    const user = userEvent.setup();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const start = screen.getByRole('button', { name: 'Get Started' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(start).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(start).toHaveFocus();
  });
});
