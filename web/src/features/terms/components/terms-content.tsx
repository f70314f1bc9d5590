import type { ReactNode } from 'react';

export const SUPPORT_EMAIL = 'support@trailbuddy.app';
export const TERMS_LAST_UPDATED = 'November 29, 2026';

export type TermsSection = { id: string; title: string; body: ReactNode };

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-emerald-700 underline hover:text-emerald-900"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function SupportEmailLink() {
  return (
    <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-emerald-700 underline hover:text-emerald-900">
      {SUPPORT_EMAIL}
    </a>
  );
}

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    id: 'overview',
    title: 'Overview',
    body: (
      <>
        <p>
          TrailBuddy helps outdoor enthusiasts in British Columbia find compatible activity partners, plan group
          activities and share rides. These terms explain how the service works, what we do with your data, and the
          choices you have. By creating an account or using demo mode you agree to them.
        </p>
        <p>
          Demo mode runs entirely in your browser with sample data: nothing you do in demo mode is sent to or stored on
          our servers.
        </p>
      </>
    ),
  },
  {
    id: 'provider-data',
    title: 'Activity-Provider Data Handling',
    body: (
      <>
        <p>
          You can connect an activity provider such as Strava, Google Health (Fitbit, Pixel Watch) or Apple Health. When
          you do, we import your activities (for example type, date, duration, distance and elevation) to show you your
          history, your activity level and suggestions for your partner profile.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Shown only to you.</strong> Data from your activity provider is displayed only to you. Other users
            never see your activities or your activity numbers.
          </li>
          <li>
            <strong>Stored for at most 7 days.</strong> Every record we receive from a provider notes when it was last
            fetched, and it is deleted 7 days after that. While your connection is active we refresh your recent
            activities once a day, which renews that date; once we stop fetching a record, it is gone within 7 days.
          </li>
          <li>
            <strong>Never used for AI training.</strong> Your provider data is never used to train artificial
            intelligence or machine-learning models.
          </li>
          <li>
            <strong>Your own long-range summaries.</strong> So that your year heatmap and activity score keep working,
            we keep derived daily totals for you: the date, minutes, number of sessions, steps and activity types. They
            contain no activity names, routes or raw records, and they are shown only to you.
          </li>
          <li>
            <strong>What partners see.</strong> Other users only ever see coarse facts: your activity level, pace, a
            compatibility percentage, activity types you share, your time of day and your general area. These come only
            from what you declare on your partner profile and, if you turn on{' '}
            <em>Use my Google Health / Apple Health activity and imported files for partner matching</em> (off unless
            you do), from your Google Health and Apple Health activity and the files you imported yourself.
          </li>
          <li>
            <strong>Strava data is never used for matching.</strong> Strava’s API Agreement allows Strava data to be
            shown only to the athlete it belongs to, so nothing another user sees is ever worked out from your Strava
            activities, whatever your settings. A Strava archive you download and import yourself is your own file, not
            data from your Strava connection: with the setting on, it counts like your other files. We use them only for
            what we show you: your history, your level and the suggestions on your profile (level, pace and usual
            times), which only you see. A suggestion you add to your profile becomes your own declaration.
          </li>
          <li>
            <strong>Tokens stay on our servers.</strong> Access tokens from your provider are stored encrypted on our
            servers and are never sent to your browser.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'user-rights',
    title: 'User Rights',
    body: (
      <>
        <p>You stay in control of your information. You can:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>see the activity data we hold about you on your dashboard and analysis pages;</li>
          <li>disconnect any activity provider at any time from your profile;</li>
          <li>ask for a copy of your personal information, or ask us to correct it;</li>
          <li>
            ask us to delete your account and data, including your derived daily summaries. Deletion requests are
            handled within 48 hours.
          </li>
        </ul>
        <p>
          To make a request, email <SupportEmailLink /> from the address you signed up with.
        </p>
      </>
    ),
  },
  {
    id: 'service-terms',
    title: 'Service Terms',
    body: (
      <>
        <p>To keep TrailBuddy safe and useful for everyone, you agree to:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>give accurate information about yourself, your fitness level and your plans;</li>
          <li>treat other members with respect, and honour the activities and rides you commit to;</li>
          <li>keep your password to yourself and tell us if you think your account has been misused;</li>
          <li>not use the service to harass, spam or collect information about other members.</li>
        </ul>
        <p>
          The Free plan costs $0 per month and includes 5 messages per month; the Premium plan costs $9 per month. We
          may suspend accounts that break these terms.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <>
        <p>
          Outdoor activities carry real risks. You are responsible for your own safety: check conditions and forecasts,
          carry the right gear, know your limits, and tell someone your plans. TrailBuddy introduces people and helps
          them coordinate; we do not vet trips, guide activities, or guarantee the conduct, skill or fitness of other
          members.
        </p>
        <p>
          Ride sharing is arranged between members. Drivers are responsible for their vehicles, licences and insurance,
          and for following the law.
        </p>
        <p>
          Activity levels, compatibility scores and other figures are estimates from the data available and may be
          wrong. The service is provided “as is”, without warranties, to the extent the law allows.
        </p>
      </>
    ),
  },
  {
    id: 'privacy-compliance',
    title: 'Privacy Compliance',
    body: (
      <>
        <p>
          We handle personal information in line with British Columbia’s Personal Information Protection Act (PIPA) and
          Canada’s Personal Information Protection and Electronic Documents Act (PIPEDA), and we use activity data only
          as each provider’s API terms allow.
        </p>
        <ul className="list-disc space-y-2 pl-6">
          <li>We collect only what the service needs, and we never sell your personal information.</li>
          <li>
            <strong>History from files is read on your device.</strong> When you import activity files or an export,
            your browser reads them; only summaries (type, start, duration, distance, elevation, calories, heart rate,
            daily steps) are sent to us. Routes and GPS points never leave your device. You can delete any import, or
            all of them, on the import screen.
          </li>
          <li>Data is encrypted in transit and at rest.</li>
          <li>
            If a data breach affects your information, we will notify you within 24 hours of becoming aware of it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'api-revocation',
    title: 'API Access Revocation',
    body: (
      <>
        <p>You can withdraw TrailBuddy’s access to your activity provider at any time, in either of two ways:</p>
        <ol className="list-decimal space-y-2 pl-6">
          <li>
            <strong>In TrailBuddy:</strong> open your profile and choose <em>Disconnect</em> on the provider’s card. We
            stop fetching your data straight away.
          </li>
          <li>
            <strong>At the provider:</strong> revoke TrailBuddy on the provider’s own settings page, for example{' '}
            <ExternalLink href="https://www.strava.com/settings/apps">Strava’s My Apps settings</ExternalLink> or{' '}
            <ExternalLink href="https://myaccount.google.com/connections">
              Google Account third-party connections
            </ExternalLink>
            . For Apple Health, disconnect it in TrailBuddy and delete the TrailBuddy shortcut from the Shortcuts app.
          </li>
        </ol>
        <p>
          After you revoke access, the provider records we already hold are deleted within 7 days of their last fetch.
          To have everything deleted sooner, email <SupportEmailLink /> and we will handle it within 48 hours.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: (
      <p>
        Questions about these terms, your data or a deletion request? Email us at <SupportEmailLink />.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to These Terms',
    body: (
      <p>
        We may update these terms as the service evolves. When we do, we will change the “last updated” date at the top
        of this page, and we will tell you in the app or by email before a material change takes effect. If you keep
        using TrailBuddy after that, the updated terms apply.
      </p>
    ),
  },
];
