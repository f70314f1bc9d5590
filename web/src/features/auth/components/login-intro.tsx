const highlights = [
  { title: 'Smart partner matching', body: 'Matched on pace, level, schedule and the trails you love.' },
  { title: 'Plan together', body: 'Coordinate group runs, hikes and rides — and share the drive.' },
  { title: 'Verified partners', body: 'Meet people who show up, across Vancouver, Whistler, Victoria and Kelowna.' },
] as const;

/** The login page's second column: why to join. */
export function LoginIntro() {
  return (
    <section
      aria-labelledby="login-intro-heading"
      className="rounded-2xl bg-gradient-to-br from-brand-800 via-brand-700 to-accent-700 p-8 text-white shadow-xl sm:p-10"
    >
      <h2 id="login-intro-heading" className="text-2xl font-bold sm:text-3xl">
        Your next adventure starts with the right partner
      </h2>
      <p className="mt-3 text-brand-50">Join outdoor people across British Columbia who run, hike and ride together.</p>
      <ul className="mt-8 space-y-5">
        {highlights.map((item) => (
          <li key={item.title} className="flex gap-3">
            <span
              aria-hidden="true"
              className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm"
            >
              ✓
            </span>
            <div>
              <p className="font-semibold">{item.title}</p>
              <p className="text-sm text-brand-50">{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="mt-10 grid grid-cols-[repeat(3,auto)] justify-around gap-2 border-t border-white/20 pt-6 text-center">
        <div>
          <dt className="text-xs uppercase tracking-normal text-brand-100 min-[380px]:tracking-wide">Members</dt>
          <dd className="whitespace-nowrap text-xl font-bold tabular-nums min-[380px]:text-2xl">500+</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-normal text-brand-100 min-[380px]:tracking-wide">Adventures</dt>
          <dd className="whitespace-nowrap text-xl font-bold tabular-nums min-[380px]:text-2xl">1,200+</dd>
        </div>
        <div>
          <dt className="text-xs uppercase tracking-normal text-brand-100 min-[380px]:tracking-wide">Rating</dt>
          <dd className="whitespace-nowrap text-xl font-bold tabular-nums min-[380px]:text-2xl">4.9</dd>
        </div>
      </dl>
    </section>
  );
}
