import type { SVGProps } from 'react';

/** A 24-unit outline icon drawn in the text colour, hidden from assistive technology (its control carries the name). */
export function LineIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      {...props}
    >
      {children}
    </svg>
  );
}
