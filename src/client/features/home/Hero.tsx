import { Link } from 'react-router';
import { TYPEWRITER } from './typewriter';
import { useSession } from '../../lib/session';
import { useTypewriter } from './useTypewriter';
import { Emoji } from '../../components/Emoji';

const HERO_WORDS = [
  'Bet on anything.',
  'Collect shiny badges.',
  'Crush your daily tasks.',
  'Flex on the leaderboard.',
  'Keep it Fair & Square.',
] as const;

export function Hero() {
  const { isAuthenticated } = useSession();
  const { text } = useTypewriter(HERO_WORDS);

  return (
    <section className="relative overflow-hidden rounded-3xl border border-white/10 bg-linear-to-br from-fuchsia-600/30 via-slate-900 to-emerald-500/20 px-5 py-12 sm:px-10 sm:py-16">
      <p className="mb-3 text-sm font-semibold tracking-widest text-amber-300 uppercase">
        Play-money social betting
      </p>
      <h1 className="font-display text-3xl leading-tight font-extrabold text-white sm:text-5xl">
        <span className="sr-only">{HERO_WORDS[HERO_WORDS.length - 1]}</span>
        <span
          aria-hidden="true"
          data-testid="typewriter"
          className="inline-block min-h-[2.5em] sm:min-h-[1.25em]"
        >
          {text}
          <span
            className="ml-0.5 animate-blink font-light text-amber-300"
            style={{ animationDuration: `${TYPEWRITER.cursorBlinkSeconds}s` }}
          >
            |
          </span>
        </span>
      </h1>
      <p className="mt-4 max-w-xl text-base text-slate-300 sm:text-lg">
        Wager imaginary coins on real-ish predictions, build daring parlays, and climb the
        leaderboard. Zero real money, maximum bragging rights.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        {isAuthenticated ? (
          <Link to="/dashboard" className="btn-primary px-6 py-3 text-base">
            Go to your dashboard
          </Link>
        ) : (
          <>
            <Link to="/register" className="btn-primary px-6 py-3 text-base">
              Join the fun
            </Link>
            <Link to="/login" className="btn-secondary px-6 py-3 text-base">
              I already have an account
            </Link>
          </>
        )}
      </div>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute -right-6 -bottom-8 text-[9rem] opacity-20 select-none sm:text-[12rem]"
      >
        <Emoji char="🎰" />
      </span>
    </section>
  );
}
