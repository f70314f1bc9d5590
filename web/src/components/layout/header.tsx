import { LineIcon } from '@/components/ui/line-icon';
import { lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { buttonStyles } from '@/components/ui/button-styles';
import { useAuth } from '@/lib/auth';
import { ServerState } from '@/lib/server-state-source';
import { CLOSE_ICON_PATH, MENU_ICON_PATH } from '@/lib/static-menu';
import { Brand } from './brand';
import { MessagesLink, NO_UNREAD_COUNTS, NotificationBell } from './notification-bell';
import { signedInNav, signedOutNav, type NavItem } from './nav-links';
import { StaticMarkup } from './static-markup';

const MOBILE_MENU_ID = 'mobile-menu';

/** Loaded once someone is signed in: signed-out pages never load it (nor TanStack Query). */
const UnreadCountsWatcher = lazy(() => import('./unread-counts-watcher'));

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
  }`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-base font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-100'}`;

export function Header() {
  const { user, access, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const staticMarkup = useContext(StaticMarkup);
  // The menu is open on the page it was opened on: navigating anywhere closes it, with no effect to reset it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === pathname;
  const [unread, setUnread] = useState(NO_UNREAD_COUNTS);
  const setMenuOpen = (open: boolean) => setMenuOpenOn(open ? pathname : null);

  const handleSignOut = async () => {
    setMenuOpen(false);
    await signOut();
    navigate(paths.home);
  };

  const signedIn = user !== null;
  // The bar and the phone menu offer the same account actions, each in its own layout.
  const account: Omit<AccountActionsProps, 'layout'> = {
    email: user?.email,
    moderator: user?.groups?.includes('moderators') ?? false,
    onSignOut: handleSignOut,
  };
  const navItems: readonly NavItem[] = signedIn ? signedInNav : signedOutNav;
  // While the session is being read, show no links rather than the wrong set.
  const showNav = access !== 'loading';

  const mobileMenuContent = (
    <>
      <nav aria-label="Mobile" className="flex flex-col gap-1">
        {navItems.map((item) => (
          <NavLink key={item.to} to={item.to} end className={mobileLink}>
            {item.label}
          </NavLink>
        ))}
        {signedIn && <MessagesLink unread={unread.messages} layout="menu" />}
      </nav>
      <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
        <AccountActions {...account} layout="menu" />
      </div>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Brand to={signedIn ? paths.dashboard : paths.home} />

        {showNav && (
          <>
            <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
              {navItems.map((item) => (
                <NavLink key={item.to} to={item.to} end className={desktopLink}>
                  {item.label}
                </NavLink>
              ))}
            </nav>

            {signedIn && (
              <div className="ml-auto flex shrink-0 items-center lg:ml-0">
                {/* Demo mode's client may still be loading: the counts wait for it, the header does not. */}
                <Suspense fallback={null}>
                  <ServerState>
                    <UnreadCountsWatcher onChange={setUnread} />
                  </ServerState>
                </Suspense>
                <MessagesLink unread={unread.messages} layout="bar" />
                <NotificationBell unread={unread.notifications} />
              </div>
            )}

            <div className="hidden items-center gap-3 lg:flex">
              <AccountActions {...account} layout="bar" />
            </div>

            {staticMarkup ? (
              <StaticPhoneMenu>{mobileMenuContent}</StaticPhoneMenu>
            ) : (
              <button
                type="button"
                className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
                aria-expanded={menuOpen}
                aria-controls={MOBILE_MENU_ID}
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen(!menuOpen)}
              >
                <LineIcon>
                  <path d={menuOpen ? CLOSE_ICON_PATH : MENU_ICON_PATH} />
                </LineIcon>
              </button>
            )}
          </>
        )}
      </div>

      {!staticMarkup && (
        <div
          id={MOBILE_MENU_ID}
          hidden={!menuOpen}
          className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 lg:hidden"
        >
          {mobileMenuContent}
        </div>
      )}
    </header>
  );
}

/**
 * The phone menu of a static page: a native disclosure that opens and closes with no JavaScript at all (the page's
 * small script adds Escape, web/src/lib/static-menu.ts). It opens over the page, below the header.
 */
function StaticPhoneMenu({ children }: { children: ReactNode }) {
  return (
    <details className="group lg:hidden">
      <summary className="flex cursor-pointer list-none items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">Menu</span>
        <LineIcon>
          <path d={MENU_ICON_PATH} className="group-open:hidden" />
          <path d={CLOSE_ICON_PATH} className="hidden group-open:inline" />
        </LineIcon>
      </summary>
      <div
        id={MOBILE_MENU_ID}
        className="absolute inset-x-0 top-full border-y border-slate-200 bg-white px-4 pb-4 pt-2 shadow-md"
      >
        {children}
      </div>
    </details>
  );
}

interface AccountActionsProps {
  email: string | undefined;
  moderator?: boolean;
  onSignOut: () => void;
  layout: 'bar' | 'menu';
}

/** The signed-in email and Sign Out, or Sign In and Get Started: the same choice in the bar and the mobile menu. */
function AccountActions({ email, moderator = false, onSignOut, layout }: AccountActionsProps) {
  if (email !== undefined) {
    return (
      <>
        {moderator && (
          <Link to={paths.moderation} className={layout === 'bar' ? buttonStyles.ghost : buttonStyles.secondary}>
            Moderation
          </Link>
        )}
        <span
          className={
            layout === 'bar' ? 'max-w-48 truncate text-sm text-slate-600' : 'truncate px-3 text-sm text-slate-600'
          }
          title={email}
        >
          {email}
        </span>
        <button type="button" onClick={onSignOut} className={buttonStyles.secondary}>
          Sign Out
        </button>
      </>
    );
  }
  return (
    <>
      <Link to={paths.login} className={layout === 'bar' ? buttonStyles.ghost : buttonStyles.secondary}>
        Sign In
      </Link>
      <Link to={paths.login} className={buttonStyles.primary}>
        Get Started
      </Link>
    </>
  );
}
