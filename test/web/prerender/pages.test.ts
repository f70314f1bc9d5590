import { describe, expect, it } from 'vitest';
import { ROUTE_TABLE } from '@/lib/paths';
import { isClientRoute, NOT_FOUND_FILE, NOT_FOUND_PAGE, prerenderedFileFor } from '@/prerender/pages';

describe('which paths the SPA has a screen for (what the hosts serve the not-found page for)', () => {
  it('knows every path of the route table, with params filled in, a trailing slash or other letter case', () => {
    for (const entry of ROUTE_TABLE) {
      const path = entry.path.replace(/:[^/]+/g, 'abc-123');
      expect([path, isClientRoute(path)]).toEqual([path, true]);
      expect(isClientRoute(`${path.replace(/\/$/, '')}/`)).toBe(true);
      expect(isClientRoute(path.toUpperCase())).toBe(true);
    }
  });

  it('does not know paths no route matches', () => {
    for (const path of [
      '/no-such-trail',
      '/terms/x',
      '/prerendered',
      '/plan-activity/a/b',
      '/find-partners//',
      '/trip-link/a/b',
      '/dashboardx',
      NOT_FOUND_PAGE.path,
    ])
      expect([path, isClientRoute(path)]).toEqual([path, false]);
  });

  it('builds the not-found page beside the public pages, served for no path of its own', () => {
    expect(NOT_FOUND_FILE).toBe('prerendered/not-found.html');
    expect(prerenderedFileFor(NOT_FOUND_PAGE.path)).toBeUndefined();
  });
});
