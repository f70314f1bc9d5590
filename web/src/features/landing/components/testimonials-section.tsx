import { StarIcon } from './icons';

type Testimonial = { quote: string; name: string; detail: string };

/** Invented members: illustrative quotes, not real people. */
const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      'I moved to North Vancouver knowing nobody who hikes at my pace. Within two weeks I had a regular Saturday crew for the Grouse Grind and the Lions.',
    name: 'Maya Chen',
    detail: 'Trail runner, North Vancouver',
  },
  {
    quote:
      'Touring in the backcountry is no place to go solo. TrailBuddy found me two partners with avalanche training who also like dawn starts out of Whistler.',
    name: 'Liam Fraser',
    detail: 'Backcountry skier, Whistler',
  },
  {
    quote:
      'We plan our Okanagan rides in the app and split the drive to the trailhead. The ride sharing alone has saved our group a small fortune in gas.',
    name: 'Priya Sandhu',
    detail: 'Mountain biker, Kelowna',
  },
];

function initialsOf(name: string): string {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('');
}

export function TestimonialsSection() {
  return (
    <section aria-labelledby="testimonials-heading" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <h2
          id="testimonials-heading"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          What Our Members Say
        </h2>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {TESTIMONIALS.map(({ quote, name, detail }) => (
            <li key={name}>
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50 p-6 shadow-sm">
                <p className="flex gap-0.5 text-amber-500">
                  <span className="sr-only">Rated 5 out of 5</span>
                  {[1, 2, 3, 4, 5].map((star) => (
                    <StarIcon key={star} className="size-5" />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 text-slate-700">
                  <p>“{quote}”</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-10 items-center justify-center rounded-full bg-emerald-700 text-sm font-semibold text-white"
                  >
                    {initialsOf(name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{name}</span>
                    <span className="block text-sm text-slate-600">{detail}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
