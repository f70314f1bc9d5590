import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';

interface Tile {
  title: string;
  body: string;
  /** SVG path data drawn on a 24x24 stroke icon. */
  icon: string;
  to?: string;
}

const icons = {
  people:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3 3 0 1 0 0-6 3 3 0 0 0 0 6M21 19v-1a4 4 0 0 0-3-3.9M15 4.1a3 3 0 0 1 0 5.8',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mountain: 'M3 20 10 8l4 6 2-3 5 9H3zM19 6a2 2 0 1 1-4 0 2 2 0 0 1 4 0',
} as const;

const tiles: readonly Tile[] = [
  {
    title: 'Find Partners',
    body: 'Meet runners, hikers and riders who match your pace and schedule.',
    icon: icons.people,
    to: paths.findPartners,
  },
  {
    title: 'Plan Activities',
    body: 'Organise group outings with a time, a place and room for everyone.',
    icon: icons.map,
    to: paths.planActivity,
  },
  {
    title: 'Health Analysis',
    body: 'See your activity trends, active days and your activity level.',
    icon: icons.chart,
    to: paths.analysis,
  },
  {
    title: 'Track Progress',
    body: 'Connect a fitness app or import your files on your profile to bring in your workouts.',
    icon: icons.mountain,
    to: paths.profile,
  },
];

/** The welcome screen's four feature tiles (spec core-app §2, Dashboard). */
export function FeatureTiles() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {tiles.map((tile) => (
        <li key={tile.title}>
          <TileCard tile={tile} />
        </li>
      ))}
    </ul>
  );
}

function TileCard({ tile }: { tile: Tile }) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={tile.icon} />
        </svg>
      </span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{tile.title}</h2>
      <p className="mt-1 text-sm text-slate-600">{tile.body}</p>
    </>
  );
  const card = 'block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm';
  if (!tile.to) return <div className={card}>{body}</div>;
  return (
    <Link to={tile.to} className={`${card} transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md`}>
      {body}
    </Link>
  );
}
