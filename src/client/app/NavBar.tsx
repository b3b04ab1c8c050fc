import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { formatCoins } from '../lib/format';
import { Dices, Menu as MenuIcon, X } from 'lucide-react';
import { Emoji } from '../components/Emoji';
import { NotificationBell } from '../features/notifications/public';

interface NavItem {
  to: string;
  label: string;
}

const ALWAYS: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/rules', label: 'Rules' },
];
const ANONYMOUS: NavItem[] = [{ to: '/login', label: 'Login' }];
const SIGNED_IN: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/bets', label: 'Bets' },
  { to: '/store', label: 'Store' },
  { to: '/games', label: 'Games' },
  { to: '/services', label: 'Services' },
  { to: '/tasks', label: 'Tasks' },
  { to: '/achievements', label: 'Achievements' },
  { to: '/leaderboard', label: 'Leaderboard' },
  // Not in the spec's list (communities came later, DESIGN.md section 11); visitors find them from the home page.
  { to: '/communities', label: 'Communities' },
  { to: '/profile', label: 'My Profile' },
];
const ADMIN: NavItem[] = [{ to: '/admin', label: 'Admin' }];

/** Spec section 2, navigation bar: what each kind of visitor sees. */
function navItems(signedIn: boolean, admin: boolean): NavItem[] {
  if (!signedIn) return [...ALWAYS, ...ANONYMOUS];
  return admin ? [...ALWAYS, ...SIGNED_IN, ...ADMIN] : [...ALWAYS, ...SIGNED_IN];
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return `block rounded-lg px-2.5 py-1.5 text-sm font-medium whitespace-nowrap transition ${
    isActive ? 'bg-amber-400/15 text-amber-200' : 'text-slate-300 hover:bg-white/5 hover:text-white'
  }`;
}

function BalanceChip({ balance }: { balance: number }) {
  return (
    <Link
      to="/dashboard"
      data-testid="balance-chip"
      aria-label={`Balance: ${formatCoins(balance)} coins`}
      className="inline-flex shrink-0 items-center gap-1 rounded-full border border-emerald-400/40 bg-emerald-400/10 px-3 py-1 text-sm font-semibold text-emerald-200 hover:bg-emerald-400/20"
    >
      <span aria-hidden="true">
        <Emoji char="🪙" />
      </span>
      {formatCoins(balance)}
    </Link>
  );
}

/** Publishes the nav's bottom edge as --nav-bottom, where app/Toasts.tsx starts its top toasts. */
function useNavBottom() {
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const publish = () =>
      document.documentElement.style.setProperty(
        '--nav-bottom',
        `${Math.round(element.getBoundingClientRect().height)}px`,
      );
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return header;
}

export function NavBar() {
  const { isAuthenticated, isAdmin, user } = useSession();
  const location = useLocation();
  const menuId = useId();
  const header = useNavBottom();
  const menuButton = useRef<HTMLButtonElement>(null);
  // Remembering the path the menu was opened on closes it after any navigation, effect-free.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.pathname;

  // Escape closes the open menu from anywhere on the page, and focus goes back to its button.
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpenOn(null);
      menuButton.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const items = navItems(isAuthenticated, isAdmin);
  // A signed-in bar holds a dozen links, so it stays collapsed until a wide screen.
  const inline = isAuthenticated ? 'xl' : 'sm';

  return (
    <header
      ref={header}
      className="sticky top-0 z-40 border-b border-white/10 bg-slate-950/85 backdrop-blur"
    >
      <nav aria-label="Main">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-3">
          <Link
            to="/"
            className="font-display shrink-0 text-lg font-extrabold tracking-tight text-white"
          >
            <Dices className="mr-1.5" />
            Fair <span className="text-amber-300">&amp;</span> Square
          </Link>

          <ul
            className={`ml-auto hidden flex-wrap items-center justify-end gap-1 ${inline === 'xl' ? 'xl:flex' : 'sm:flex'}`}
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className={linkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>

          <div
            className={`ml-auto flex items-center gap-2 ${inline === 'xl' ? 'xl:ml-0' : 'sm:ml-0'}`}
          >
            {isAuthenticated && user && <BalanceChip balance={user.balance} />}
            {isAuthenticated && <NotificationBell />}
            <button
              ref={menuButton}
              type="button"
              className={`btn-secondary px-3 ${isAuthenticated ? 'max-sm:size-10 max-sm:p-0' : ''} ${inline === 'xl' ? 'xl:hidden' : 'sm:hidden'}`}
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpenOn(open ? null : location.pathname)}
            >
              {open ? <X /> : <MenuIcon />}
              {/* A member's phone bar also holds the balance and the bell: there the icon says it. */}
              <span className={isAuthenticated ? 'max-sm:sr-only' : ''}>Menu</span>
            </button>
          </div>
        </div>

        {open && (
          <ul
            id={menuId}
            className={`mx-auto grid max-w-7xl grid-cols-2 gap-1 border-t border-white/10 px-4 py-3 ${
              inline === 'xl' ? 'xl:hidden' : 'sm:hidden'
            }`}
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === '/'}
                  className={linkClass}
                  onClick={() => setOpenOn(null)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </header>
  );
}
