import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';

/** The landing page is also served for these paths; each one should land on its section. */
const SECTION_ID_BY_PATH: Readonly<Record<string, string>> = {
  [paths.features]: 'features',
  [paths.about]: 'about',
};

function withoutTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function useScrollToSectionForPath(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    const sectionId = SECTION_ID_BY_PATH[withoutTrailingSlash(pathname)];
    if (!sectionId) return;
    document.getElementById(sectionId)?.scrollIntoView({ block: 'start' });
  }, [pathname]);
}
