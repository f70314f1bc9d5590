import { afterEach, describe, expect, it } from 'vitest';
import { paths, ROUTE_TABLE } from '@/lib/paths';
import { DEMO_CHUNKS_ID } from '@/app/demo-areas';
import { preloadScreenChunks, SCREEN_CHUNKS_ID, screenAt } from '@/app/screens';

describe('screenAt', () => {
  it('finds the screen of every path in the route table, a static segment winning over a parameter', () => {
    for (const entry of ROUTE_TABLE) expect(screenAt(entry.path.replace(/:\w+/g, 'x-1')), entry.path).toBe(entry.page);
    expect(screenAt(paths.newTripPlan)).toBe('newTripPlan');
    expect(screenAt('/trip-plans/abc')).toBe('tripPlan');
    expect(screenAt('/trip-plans/abc/extra')).toBeUndefined();
    expect(screenAt('/dashboard/')).toBe('dashboard');
    expect(screenAt('/')).toBe('landing');
    expect(screenAt('/no-such-trail')).toBeUndefined();
  });
});

describe('preloadScreenChunks', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });
  const preloads = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
      link.getAttribute('href'),
    );
  const listChunks = (chunks: object, id = SCREEN_CHUNKS_ID) => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = id;
    block.textContent = JSON.stringify(chunks);
    document.body.append(block);
  };

  it("preloads the chunks index.html lists for the path's screen, and only those", () => {
    listChunks({ analysis: ['/assets/analysis-page-1.js', '/assets/charts-2.js'], dashboard: ['/assets/dash-3.js'] });
    preloadScreenChunks(document, '/analysis');
    expect(preloads()).toEqual(['/assets/analysis-page-1.js', '/assets/charts-2.js']);
  });

  it('preloads from the list it is given: demo mode’s demo areas for the screen', () => {
    listChunks({ dashboard: ['/assets/dash-3.js'] });
    listChunks(
      { dashboard: ['/assets/demo-strava-4.js', '/assets/group-activities-demo-5.js'], analysis: ['/x.js'] },
      DEMO_CHUNKS_ID,
    );
    preloadScreenChunks(document, '/dashboard', DEMO_CHUNKS_ID);
    expect(preloads()).toEqual(['/assets/demo-strava-4.js', '/assets/group-activities-demo-5.js']);
  });

  it('preloads nothing for an unknown path or a page without the list', () => {
    preloadScreenChunks(document, '/analysis');
    listChunks({ analysis: ['/assets/analysis-page-1.js'] });
    preloadScreenChunks(document, '/no-such-trail');
    preloadScreenChunks(document, '/profile');
    expect(preloads()).toEqual([]);
  });
});
