import { Link } from 'react-router';
import { GAME_CARDS, type GameCard } from '../public';

function CardBody({ card }: { card: GameCard }) {
  return (
    <>
      <span aria-hidden="true" className="text-4xl text-amber-300">
        <card.icon />
      </span>
      <span className="font-display text-lg font-bold text-white">{card.name}</span>
      <span className="text-sm text-slate-400">{card.description}</span>
    </>
  );
}

/** Spec section 2: the hub of game cards (name, description, icon) leading to /games/{key}. */
export function GamesHubPage() {
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Games</h1>
        <p className="mt-1 text-slate-400">
          Every outcome is provably fair:{' '}
          <Link to="/fairness" className="text-amber-300 underline">
            check any round
          </Link>
          .
        </p>
      </header>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Games">
        {GAME_CARDS.map((card) => (
          <li key={card.key} data-testid={`game-card-${card.key}`}>
            <Link
              to={`/games/${card.key}`}
              className="card flex h-full flex-col gap-2 transition hover:border-amber-300/60 hover:bg-slate-900"
            >
              <CardBody card={card} />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
