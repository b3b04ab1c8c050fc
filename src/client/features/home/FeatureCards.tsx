import { CalendarDays, Medal, Palette, Target, Users, Zap } from 'lucide-react';
import { Link } from 'react-router';

/** The cards; one with `to` is a link to the feature's page (the whole card is its target). */
const FEATURES: readonly { icon: typeof Target; title: string; text: string; to?: string }[] = [
  {
    icon: Target,
    title: 'Bets tracking',
    text: 'Every wager, parlay and payout in one place, so you always know how bold you were.',
  },
  {
    icon: Medal,
    title: 'Badges',
    text: 'Earn and show off badges that prove you were there when the odds were wild.',
  },
  {
    icon: Users,
    title: 'Communities',
    text: 'Trade items, swap services and trash-talk friends on the leaderboard.',
    to: '/communities',
  },
  {
    icon: CalendarDays,
    title: 'Daily tasks',
    text: 'Fresh daily and weekly quests that pay out coins for showing up.',
  },
  {
    icon: Palette,
    title: 'Profile customisation',
    text: 'Pick a picture, polish your @handle and make your profile unmistakably you.',
  },
  {
    icon: Zap,
    title: 'Powerup shop',
    text: 'Spend coins on power-ups, cosmetics and buffs that tilt the fun your way.',
  },
];

export function FeatureCards() {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="section-title mb-4">
        Why you&apos;ll stay
      </h2>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((feature) => (
          <li
            key={feature.title}
            className="card relative transition hover:-translate-y-0.5 hover:border-amber-300/40"
          >
            <span aria-hidden="true" className="text-3xl text-amber-300">
              <feature.icon />
            </span>
            <h3 className="mt-2 text-lg font-bold text-white">
              {feature.to ? (
                <Link to={feature.to} className="after:absolute after:inset-0 hover:text-amber-200">
                  {feature.title}
                </Link>
              ) : (
                feature.title
              )}
            </h3>
            <p className="mt-1 text-sm text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
