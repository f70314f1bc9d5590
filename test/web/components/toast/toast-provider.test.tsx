import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from '@/components/toast';

function Trigger() {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.success('Activity created')}>
        success
      </button>
      <button type="button" onClick={() => toast.error('Could not join')}>
        error
      </button>
      <button type="button" onClick={() => toast.info('Sync started')}>
        info
      </button>
    </>
  );
}

function renderToasts() {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Trigger />
    </ToastProvider>,
  );
  return screen.getByRole('region', { name: 'Notifications' });
}

describe('toasts', () => {
  it('announces toasts in a polite live region, with their kind', () => {
    const region = renderToasts();
    expect(region).toHaveAttribute('aria-live', 'polite');
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    expect(region).toHaveTextContent('Success: Activity created');
    expect(region).toHaveTextContent('Error: Could not join');
    expect(region).toHaveTextContent('Note: Sync started');
  });

  it('dismisses a toast after 3 seconds, not before', () => {
    const region = renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    act(() => vi.advanceTimersByTime(2999));
    expect(region).toHaveTextContent('Activity created');
    act(() => vi.advanceTimersByTime(1));
    expect(region).not.toHaveTextContent('Activity created');
  });

  it('times each toast from when it appeared', () => {
    const region = renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'success' }));
    act(() => vi.advanceTimersByTime(2000));
    fireEvent.click(screen.getByRole('button', { name: 'error' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(region).not.toHaveTextContent('Activity created');
    expect(region).toHaveTextContent('Could not join');
    act(() => vi.advanceTimersByTime(2000));
    expect(region).toBeEmptyDOMElement();
  });

  it('can be dismissed by hand', () => {
    const region = renderToasts();
    fireEvent.click(screen.getByRole('button', { name: 'info' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(region).toBeEmptyDOMElement();
  });
});
