import { NavLink } from 'react-router';
import { DAILY_PATH, QUIZ_BASE } from '../quizDuelView';
import { CalendarDays, Swords } from 'lucide-react';

const LINKS = [
  { to: QUIZ_BASE, label: 'Lobby', icon: Swords, end: true },
  { to: DAILY_PATH, label: 'Daily quiz', icon: CalendarDays, end: false },
] as const;

/** The quiz area's own links: the duel lobby and the daily quiz. */
export function QuizNav() {
  return (
    <nav aria-label="Quiz area">
      <ul className="flex flex-wrap gap-2">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={link.end}
              className={({ isActive }) => (isActive ? 'btn-primary' : 'btn-secondary')}
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
