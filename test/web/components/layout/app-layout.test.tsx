import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppLayout } from '@/components/layout/app-layout';
import { createFakeAuthService, renderRoutes } from '../../test-utils';

function renderLayout() {
  return renderRoutes([{ element: <AppLayout />, children: [{ path: '/', element: <h1>Page body</h1> }] }], {
    path: '/',
    service: createFakeAuthService(null),
  });
}

describe('AppLayout', () => {
  it('puts the page inside the main landmark, reachable by a skip link', async () => {
    renderLayout();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'Page body' })).toBeInTheDocument();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', `#${main.id}`);
    await screen.findByRole('navigation', { name: 'Main' });
  });

  it('has a footer with product links, Privacy & Terms, support email and social channels', async () => {
    renderLayout();
    await screen.findByRole('navigation', { name: 'Main' });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy & Terms' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'support@trailbuddy.app' })).toHaveAttribute(
      'href',
      'mailto:support@trailbuddy.app',
    );
    const product = within(footer).getByRole('navigation', { name: 'Product' });
    expect(within(product).getByRole('link', { name: 'Find Partners' })).toHaveAttribute('href', '/find-partners');
    expect(within(within(footer).getByRole('list', { name: 'Social channels' })).getAllByRole('listitem')).toHaveLength(
      3,
    );
  });
});
