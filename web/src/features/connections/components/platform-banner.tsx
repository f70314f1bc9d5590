import { PLATFORM_BANNERS, type Platform } from '@/features/connections/utils/platform';

/** Which platform the app sees, and which health apps can be connected from it (spec §2). */
export function PlatformBanner({ platform }: { platform: Platform }) {
  const { label, hint } = PLATFORM_BANNERS[platform];
  return (
    <div
      data-testid="platform-banner"
      className="flex flex-col gap-1 rounded-xl border border-accent-100 bg-accent-50 px-4 py-3 text-sm text-accent-800 sm:flex-row sm:items-center sm:gap-3"
    >
      <span className="font-semibold">Platform: {label}</span>
      <span>{hint}</span>
    </div>
  );
}
