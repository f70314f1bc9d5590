import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppleIngestCredentials } from '@/features/connections/components/apple-ingest-credentials';
import { AppleSetupInstructions } from '@/features/connections/components/apple-setup-instructions';
import { COPIED_FEEDBACK_MS } from '@/features/connections/components/copy-button';
import shortcutBody from '../../../../functions/apple/fixtures/trailbuddy-shortcut.json';

const CREDENTIALS: AppleIngestCredentials = {
  token: 'tbah_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG',
  ingestUrl: 'https://trailbuddy.example/api/apple/ingest',
  shortcutUrl: null,
};

const copyButtons = (prefix: string) =>
  screen
    .getAllByRole('button')
    .map((button) => button.getAttribute('aria-label') ?? '')
    .filter((name) => name.startsWith(prefix));

describe('AppleSetupInstructions: the iOS Shortcut tab', () => {
  afterEach(() => vi.useRealTimers());

  it('names each Shortcuts action in order', () => {
    render(<AppleSetupInstructions credentials={CREDENTIALS} />);
    const panel = screen.getByRole('tabpanel', { name: 'iOS Shortcut' });
    const actions = within(panel)
      .getAllByText(/^\d+\. /)
      .map(
        (node) =>
          node.firstChild?.textContent +
          (node.childNodes[1]?.textContent ?? '') +
          (node.childNodes[2]?.textContent ?? ''),
      );
    expect(actions.map((text) => text.replace(/^\d+\. /, ''))).toEqual([
      'Find Workouts',
      'Repeat with Each',
      'Format Date',
      'Dictionary',
      'Set Variable',
      'Find Health Samples',
      'Repeat with Each',
      'Format Date',
      'Dictionary',
      'Set Variable',
      'Dictionary',
      'Get Contents of URL',
    ]);
  });

  it('offers a copy button for exactly the JSON keys of the body the ingest tests post', () => {
    render(<AppleSetupInstructions credentials={CREDENTIALS} />);
    const keys = copyButtons('Copy key ').map((name) => name.slice('Copy key '.length));
    const workout = shortcutBody.health_data.workouts[0]!;
    const day = shortcutBody.health_data.steps[0]!;
    expect(keys).toEqual([
      ...Object.keys(workout),
      ...Object.keys(day),
      ...Object.keys(shortcutBody),
      ...Object.keys(shortcutBody.health_data),
    ]);
    expect(screen.getByText(/^Value: variable WorkoutList/)).toBeInTheDocument();
    expect(screen.getByText(/^Value: variable StepList/)).toBeInTheDocument();
  });

  it('copies the ingest URL, the header name and the Authorization value, each saying Copied (to screen readers too)', async () => {
    const user = userEvent.setup();
    render(<AppleSetupInstructions credentials={CREDENTIALS} />);

    await user.click(screen.getByRole('button', { name: 'Copy ingest URL' }));
    expect(await navigator.clipboard.readText()).toBe(CREDENTIALS.ingestUrl);
    expect(screen.getByRole('button', { name: 'Copied ingest URL' })).toHaveTextContent('Copied');
    expect(screen.getByText('ingest URL copied')).toHaveAttribute('aria-live', 'polite');

    await user.click(screen.getByRole('button', { name: 'Copy header name Authorization' }));
    expect(await navigator.clipboard.readText()).toBe('Authorization');

    await user.click(screen.getByRole('button', { name: 'Copy Authorization header value' }));
    expect(await navigator.clipboard.readText()).toBe(`Bearer ${CREDENTIALS.token}`);
    expect(screen.getByText('Authorization header value copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy key totalEnergyBurned' }));
    expect(await navigator.clipboard.readText()).toBe('totalEnergyBurned');
    await user.click(screen.getByRole('button', { name: 'Copy Format String yyyy-MM-dd' }));
    expect(await navigator.clipboard.readText()).toBe('yyyy-MM-dd');
  });

  it('goes back to Copy after a moment, and says so when the clipboard refuses', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<AppleSetupInstructions credentials={CREDENTIALS} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy shortcut name' })));
    expect(writeText).toHaveBeenCalledWith('TrailBuddy Sync');
    expect(screen.getByRole('button', { name: 'Copied shortcut name' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPIED_FEEDBACK_MS));
    expect(screen.getByRole('button', { name: 'Copy shortcut name' })).toBeInTheDocument();
    expect(screen.queryByText('shortcut name copied')).not.toBeInTheDocument();

    writeText.mockRejectedValueOnce(new Error('denied'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy ingest URL' })));
    expect(
      screen.getByText('Could not copy the ingest URL: select the text and copy it yourself.'),
    ).toBeInTheDocument();
    expect(screen.getByText(CREDENTIALS.ingestUrl, { selector: 'code' })).toBeInTheDocument();
  });

  it('before a token is issued, says where the URL and header will appear instead of offering empty values', () => {
    render(<AppleSetupInstructions credentials={null} />);
    expect(screen.queryByRole('button', { name: 'Copy ingest URL' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy Authorization header value' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Shown once you get your ingest token above.')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Copy header name Authorization' })).toBeInTheDocument();
  });

  it('links a published Shortcut only when there is one', () => {
    const { unmount } = render(<AppleSetupInstructions credentials={CREDENTIALS} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    unmount();
    render(
      <AppleSetupInstructions
        credentials={{ ...CREDENTIALS, shortcutUrl: 'https://www.icloud.com/shortcuts/0123abcd' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Install the TrailBuddy Shortcut' })).toHaveAttribute(
      'href',
      'https://www.icloud.com/shortcuts/0123abcd',
    );
  });
});

describe('AppleSetupInstructions: the Health Auto Export tab', () => {
  it('is reached with the arrow keys and lists URL, header, JSON, version 2 and period, with copy buttons', async () => {
    const user = userEvent.setup();
    render(<AppleSetupInstructions credentials={CREDENTIALS} />);
    const shortcutTab = screen.getByRole('tab', { name: 'iOS Shortcut' });
    expect(shortcutTab).toHaveAttribute('aria-selected', 'true');
    await user.tab();
    expect(shortcutTab).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const haeTab = screen.getByRole('tab', { name: 'Health Auto Export app' });
    expect(haeTab).toHaveFocus();
    expect(haeTab).toHaveAttribute('aria-selected', 'true');

    const panel = screen.getByRole('tabpanel', { name: 'Health Auto Export app' });
    for (const text of ['REST API', 'JSON', 'Version 2', 'Default (yesterday and today)', 'Workouts'])
      expect(within(panel).getByText(text)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy ingest URL' }));
    expect(await navigator.clipboard.readText()).toBe(CREDENTIALS.ingestUrl);
    await user.click(within(panel).getByRole('button', { name: 'Copy Authorization header value' }));
    expect(await navigator.clipboard.readText()).toBe(`Bearer ${CREDENTIALS.token}`);
    expect(within(panel).getByRole('button', { name: 'Copied Authorization header value' })).toBeInTheDocument();

    await user.click(haeTab);
    await user.keyboard('{Home}');
    expect(shortcutTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'iOS Shortcut' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(haeTab).toHaveFocus();
  });
});
