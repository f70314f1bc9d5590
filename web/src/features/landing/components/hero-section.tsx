import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { MountainIcon } from './icons';

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden bg-gradient-to-br from-slate-900 via-slate-900 to-emerald-950 text-white"
    >
      <MountainIcon className="pointer-events-none absolute -right-16 -bottom-20 size-96 text-emerald-500/10 sm:size-[32rem]" />
      <div className="relative mx-auto flex max-w-6xl flex-col items-start gap-8 px-4 py-20 sm:px-6 sm:py-28 lg:px-8">
        <p className="rounded-full bg-emerald-400/15 px-3 py-1 text-sm font-medium text-emerald-300 ring-1 ring-emerald-400/30">
          For outdoor enthusiasts in British Columbia
        </p>
        <h1
          id="hero-heading"
          className="max-w-3xl text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
        >
          Find your perfect <span className="text-emerald-400">adventure partner</span>
        </h1>
        <p className="max-w-2xl text-lg text-slate-300 sm:text-xl">
          TrailBuddy matches you with hikers, runners, cyclists and skiers who share your fitness level, your schedule
          and your favourite corners of BC, so you never have to hit the trail alone.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Link
            to={paths.login}
            className="rounded-lg bg-emerald-500 px-6 py-3 text-center text-base font-semibold text-slate-950 shadow-lg shadow-emerald-900/40 hover:bg-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
          >
            Get Started Free
          </Link>
          <a
            href="#about"
            className="rounded-lg px-6 py-3 text-center text-base font-semibold text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-300"
          >
            See how it works
          </a>
        </div>
      </div>
    </section>
  );
}
