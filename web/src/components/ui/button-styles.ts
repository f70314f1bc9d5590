/** Shared button looks, as class strings so links and buttons can wear them alike. */
const base =
  'inline-flex items-center justify-center gap-2 wrap-normal rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

export const buttonStyles = {
  primary: `${base} bg-brand-700 text-white hover:bg-brand-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  accent: `${base} border border-accent-600 bg-white text-accent-800 hover:bg-accent-50`,
  ghost: `${base} text-slate-700 hover:bg-slate-100`,
} as const;
