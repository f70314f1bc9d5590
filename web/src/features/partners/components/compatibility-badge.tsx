import { compatibilityStyle } from '../utils/partner-format';

export function CompatibilityBadge({ percent }: { percent: number }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-1 text-sm font-semibold ring-1 ring-inset ${compatibilityStyle(percent)}`}
    >
      {percent}% match
    </span>
  );
}
