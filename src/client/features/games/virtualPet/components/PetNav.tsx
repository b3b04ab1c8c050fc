import { NavLink } from 'react-router';
import { Dices, Egg, Gamepad2, House, ShoppingBag } from 'lucide-react';

export const PET_BASE = '/games/virtual-pet';

const LINKS = [
  { to: PET_BASE, label: 'Sanctuary', icon: House, end: true },
  { to: `${PET_BASE}/gacha`, label: 'Gacha', icon: Dices, end: false },
  { to: `${PET_BASE}/shop`, label: 'Shop', icon: ShoppingBag, end: false },
  { to: `${PET_BASE}/breeding`, label: 'Breeding', icon: Egg, end: false },
  { to: `${PET_BASE}/mini`, label: 'Mini-games', icon: Gamepad2, end: false },
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
              <link.icon />
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
