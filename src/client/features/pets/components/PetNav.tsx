import { NavLink } from 'react-router';

export const PET_BASE = '/games/virtual-pet';

const LINKS = [
  { to: PET_BASE, label: 'Sanctuary', icon: '🏡', end: true },
  { to: `${PET_BASE}/gacha`, label: 'Gacha', icon: '🎲', end: false },
  { to: `${PET_BASE}/shop`, label: 'Shop', icon: '🛍️', end: false },
  { to: `${PET_BASE}/breeding`, label: 'Breeding', icon: '🥚', end: false },
  { to: `${PET_BASE}/mini`, label: 'Mini-games', icon: '🕹️', end: false },
] as const;

/** The pet area's own links: Gacha, Shop and Breeding buttons and the mini-games (spec section 2). */
export function PetNav() {
  return (
    <nav aria-label="Pet area">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? 'btn-primary' : 'btn-secondary')}
              data-testid={`pet-nav-${link.label.toLowerCase()}`}
            >
              <span aria-hidden="true">{link.icon}</span>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
