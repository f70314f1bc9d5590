import { useAuth } from '@/lib/auth';

/** Tells demo visitors that what they see is sample data and nothing is saved. */
export function DemoBanner() {
  const { isDemo } = useAuth();
  if (!isDemo) return null;
  return (
    <p className="rounded-lg border border-accent-100 bg-accent-50 px-4 py-3 text-sm text-accent-800">
      <span className="font-semibold">Demo mode:</span> you are exploring with sample data. Nothing you do here is
      saved.
    </p>
  );
}
