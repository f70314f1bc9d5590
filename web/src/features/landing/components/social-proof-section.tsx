import { MapPinIcon } from './icons';

const STATS = [
  { value: '500+', label: 'Active Members' },
  { value: '98%', label: 'Success Rate' },
  { value: '1,200+', label: 'Adventures Completed' },
  { value: '4.9', label: 'Average Rating' },
] as const;

const CITIES = ['Vancouver', 'Whistler', 'Victoria', 'Kelowna'] as const;

export function SocialProofSection() {
  return (
    <section aria-labelledby="social-proof-heading" className="bg-slate-900 py-20 text-white sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2 id="social-proof-heading" className="text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Trusted by Outdoor Enthusiasts Across BC
        </h2>
        <dl className="mt-12 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map(({ value, label }) => (
            <div
              key={label}
              className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10"
            >
              <dt className="mt-1 text-sm text-slate-300 sm:text-base">{label}</dt>
              <dd className="whitespace-nowrap text-3xl font-bold text-emerald-400 tabular-nums sm:text-4xl">
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="mt-12 text-center">
          <h3 id="cities-heading" className="text-lg font-semibold text-slate-200">
            Members are out adventuring in
          </h3>
          <ul aria-labelledby="cities-heading" className="mt-4 flex flex-wrap justify-center gap-3">
            {CITIES.map((city) => (
              <li
                key={city}
                className="inline-flex items-center gap-1.5 rounded-full bg-teal-400/10 px-4 py-2 text-teal-200 ring-1 ring-teal-400/30"
              >
                <MapPinIcon className="size-4" />
                {city}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
