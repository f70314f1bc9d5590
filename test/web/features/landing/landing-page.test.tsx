import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import LandingPage from '@/features/landing/routes/landing-page';

function CurrentLocation() {
  const location = useLocation();
  return <output data-testid="current-location">{location.pathname + location.search}</output>;
}

function renderLandingAt(path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/features" element={<LandingPage />} />
        <Route path="/about" element={<LandingPage />} />
        <Route path="*" element={<CurrentLocation />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LandingPage', () => {
  it('has exactly one h1, in the hero', () => {
    renderLandingAt();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent(/adventure partner/i);
  });

  it('shows every section as a landmark named by its heading', () => {
    renderLandingAt();
    const sectionNames = [
      /find your perfect adventure partner/i,
      'Everything you need to get outside together',
      'How It Works',
      'Trusted by Outdoor Enthusiasts Across BC',
      'What Our Members Say',
      'Simple, Transparent Pricing',
      'Ready for Your Next Adventure?',
    ];
    for (const name of sectionNames) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
  });

  it('shows the three feature cards in the #features section', () => {
    const { container } = renderLandingAt();
    const features = container.querySelector<HTMLElement>('section#features');
    expect(features).not.toBeNull();
    const cardTitles = within(features!)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(cardTitles).toEqual(['Smart Partner Matching', 'Schedule Coordination', 'Verified Partners']);
    expect(features).toHaveTextContent(/reminders/i);
  });

  it('shows the three how-it-works steps, in order, in the #about section', () => {
    const { container } = renderLandingAt();
    const about = container.querySelector<HTMLElement>('section#about');
    expect(about).not.toBeNull();
    expect(within(about!).getByRole('heading', { level: 2, name: 'How It Works' })).toBeInTheDocument();
    const stepTitles = within(about!)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(stepTitles).toEqual([
      'Step 1: Create Your Profile',
      'Step 2: Find Compatible Partners',
      'Step 3: Plan & Adventure',
    ]);
  });

  it('pairs each social-proof number with its label', () => {
    renderLandingAt();
    const expected = [
      ['Active Members', '500+'],
      ['Success Rate', '98%'],
      ['Adventures Completed', '1,200+'],
      ['Average Rating', '4.9'],
    ] as const;
    for (const [label, value] of expected) {
      const term = screen.getByText(label, { selector: 'dt' });
      const definition = term.parentElement?.querySelector('dd');
      expect(definition).toHaveTextContent(value);
    }
  });

  it('lists the four cities', () => {
    renderLandingAt();
    const cities = within(screen.getByRole('list', { name: 'Members are out adventuring in' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(cities).toEqual(['Vancouver', 'Whistler', 'Victoria', 'Kelowna']);
  });

  it('shows three testimonials with a name each', () => {
    const { container } = renderLandingAt();
    const region = screen.getByRole('region', { name: 'What Our Members Say' });
    expect(within(region).getAllByRole('figure')).toHaveLength(3);
    expect(container.querySelectorAll('blockquote')).toHaveLength(3);
  });

  it('shows the Free and Premium plans with prices, perks and the Most Popular badge on Premium only', () => {
    renderLandingAt();
    const free = screen.getByRole('article', { name: 'Free' });
    expect(free).toHaveTextContent('$0/month');
    for (const perk of ['Basic partner matching', '5 messages per month', 'Basic activity planning']) {
      expect(within(free).getByText(perk)).toBeInTheDocument();
    }
    expect(within(free).queryByText('Most Popular')).toBeNull();

    const premium = screen.getByRole('article', { name: 'Premium' });
    expect(premium).toHaveTextContent('$9/month');
    expect(within(premium).getByText('Most Popular')).toBeInTheDocument();
    for (const perk of [
      'Advanced matching',
      'Unlimited messaging',
      'Group activity coordination',
      'Priority support',
    ]) {
      expect(within(premium).getByText(perk)).toBeInTheDocument();
    }
  });

  it('points the calls to action at /login and the demo at /dashboard?demo=true', () => {
    renderLandingAt();
    expect(screen.getByRole('link', { name: 'Get Started Free' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Start Your Adventure Today' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Try Demo' })).toHaveAttribute('href', '/dashboard?demo=true');
    expect(screen.getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/login');
  });

  it('leads Go Premium to the plan screen through the login page, which sends signed-in people straight on', () => {
    renderLandingAt();
    expect(screen.getByRole('link', { name: 'Go Premium' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprofile%2Fbilling',
    );
  });

  it('navigates to the demo dashboard when Try Demo is clicked', async () => {
    renderLandingAt();
    await userEvent.click(screen.getByRole('link', { name: 'Try Demo' }));
    expect(screen.getByTestId('current-location')).toHaveTextContent('/dashboard?demo=true');
  });

  describe('section deep links', () => {
    const scrollIntoView = vi.fn();

    afterEach(() => {
      scrollIntoView.mockReset();
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });

    function stubScrollIntoView() {
      // jsdom does not implement scrolling.
      Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrollIntoView, configurable: true });
    }

    it.each([
      ['/features', 'features'],
      ['/about', 'about'],
      ['/about/', 'about'],
    ])('scrolls %s to the #%s section', (path, sectionId) => {
      stubScrollIntoView();
      renderLandingAt(path);
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(sectionId));
    });

    it('does not scroll on the home page', () => {
      stubScrollIntoView();
      renderLandingAt('/');
      expect(scrollIntoView).not.toHaveBeenCalled();
    });
  });
});
