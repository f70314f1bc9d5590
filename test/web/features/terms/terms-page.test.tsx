import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import TermsPage from '@/features/terms/routes/terms-page';

const SECTION_HEADINGS = [
  'Overview',
  'Activity-Provider Data Handling',
  'User Rights',
  'Service Terms',
  'Disclaimers',
  'Privacy Compliance',
  'API Access Revocation',
  'Contact Us',
  'Changes to These Terms',
];

function renderTerms() {
  return render(
    <MemoryRouter initialEntries={['/terms']}>
      <TermsPage />
    </MemoryRouter>,
  );
}

function sectionNamed(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('TermsPage', () => {
  it('has exactly one h1', () => {
    renderTerms();
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]).toHaveTextContent('Terms of Service & Privacy');
  });

  it('has every section, in order, each a landmark named by its heading', () => {
    renderTerms();
    for (const heading of SECTION_HEADINGS) {
      expect(sectionNamed(heading)).toBeInTheDocument();
    }
    const sectionHeadings = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent)
      .filter((text) => text !== 'Contents');
    expect(sectionHeadings).toEqual(SECTION_HEADINGS);
  });

  it('has a table of contents whose links jump to the matching sections', () => {
    renderTerms();
    const toc = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(toc).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(SECTION_HEADINGS);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href).toMatch(/^#[a-z-]+$/);
      const target = document.getElementById(href.slice(1));
      expect(target).not.toBeNull();
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent ?? '');
    }
  });

  it('states that provider data is shown only to the user, kept at most 7 days and never used for AI training', () => {
    renderTerms();
    const providerData = sectionNamed('Activity-Provider Data Handling');
    expect(providerData).toHaveTextContent(/Strava/);
    expect(providerData).toHaveTextContent(/displayed only to you/i);
    expect(providerData).toHaveTextContent(/Stored for at most 7 days/i);
    expect(providerData).toHaveTextContent(/deleted 7 days after that/i);
    expect(providerData).toHaveTextContent(/never used to train artificial intelligence/i);
  });

  it('explains the derived daily aggregates and what other users can see', () => {
    renderTerms();
    const providerData = sectionNamed('Activity-Provider Data Handling');
    expect(providerData).toHaveTextContent(/derived daily totals/i);
    expect(providerData).toHaveTextContent(/no activity names, routes or raw records/i);
    expect(providerData).toHaveTextContent(/Other users never see your activities or your activity numbers/i);
    expect(providerData).toHaveTextContent(/Other users only ever see coarse facts/i);
  });

  it('says matching uses only the declared profile and, with consent, Google Health / Apple Health and imported files — never Strava', () => {
    renderTerms();
    const providerData = sectionNamed('Activity-Provider Data Handling');
    expect(providerData).toHaveTextContent(/only from what you declare on your partner profile/i);
    expect(providerData).toHaveTextContent(
      /Use my Google Health \/ Apple Health activity and imported files for partner matching \(off unless you do\)/,
    );
    expect(providerData).toHaveTextContent(/Strava data is never used for matching/i);
    expect(providerData).toHaveTextContent(/nothing another user sees is ever worked out from your Strava activities/i);
  });

  it('promises deletion within 48 hours and breach notification within 24 hours', () => {
    renderTerms();
    expect(sectionNamed('User Rights')).toHaveTextContent(/Deletion requests are handled within 48 hours/i);
    expect(sectionNamed('Privacy Compliance')).toHaveTextContent(/notify you within 24 hours/i);
  });

  it('explains both ways to revoke provider access', () => {
    renderTerms();
    const revocation = sectionNamed('API Access Revocation');
    expect(revocation).toHaveTextContent(/choose Disconnect/i);
    expect(within(revocation).getByRole('link', { name: /Strava’s My Apps settings/ })).toHaveAttribute(
      'href',
      'https://www.strava.com/settings/apps',
    );
  });

  it('links the support address', () => {
    renderTerms();
    const contact = sectionNamed('Contact Us');
    expect(within(contact).getByRole('link', { name: 'support@trailbuddy.app' })).toHaveAttribute(
      'href',
      'mailto:support@trailbuddy.app',
    );
  });
});
