import { Emoji } from '../../components/Emoji';
const RULES = [
  'The house always wins, except when you do. Then it was obviously rigged in your favour.',
  'Never bet more imaginary coins than you can imaginarily afford to lose.',
  'Wearing your lucky socks grants a 5% odds boost. Inside-out socks void the boost.',
  'If you say "this one is a sure thing" out loud, it is no longer a sure thing.',
  'Blowing on the dice is allowed. Blowing on your phone screen is merely encouraged.',
  'A parlay is just several hopes holding hands. Be gentle with them.',
  'Every loss is a "learning investment". Every win is pure skill.',
  'Checking the leaderboard more than ten times an hour is called "cardio".',
  'What happens in the Casino stays in the Casino, except the ledger. The ledger remembers everything.',
  'When in doubt, bet on the underdog. The underdog appreciates the attention.',
] as const;

export function RulesPage() {
  return (
    <section className="mx-auto max-w-3xl">
      <header className="mb-8 text-center">
        <span aria-hidden="true" className="text-5xl">
          <Emoji char="📜" />
        </span>
        <h1 className="font-display mt-2 text-3xl font-extrabold text-white sm:text-4xl">
          Unspoken Scriptures
        </h1>
        <p className="mt-2 text-slate-400">
          Ten sacred truths of the Fair &amp; Square faithful. None are enforced.
        </p>
      </header>
      <ol className="flex flex-col gap-3">
        {RULES.map((rule, index) => (
          <li key={rule} className="card flex items-start gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-400 font-bold text-slate-950"
            >
              {index + 1}
            </span>
            <p className="min-w-0 pt-1.5 text-slate-200">{rule}</p>
          </li>
        ))}
      </ol>
      <p className="mt-8 text-center text-xs text-slate-400">
        Emoji graphics by{' '}
        <a
          href="https://github.com/jdecked/twemoji"
          className="text-slate-300 underline hover:text-white"
        >
          Twemoji
        </a>
        , © Twitter, Inc. and other contributors,{' '}
        <a
          href="https://creativecommons.org/licenses/by/4.0/"
          className="text-slate-300 underline hover:text-white"
        >
          CC-BY 4.0
        </a>
        . Icons by{' '}
        <a href="https://lucide.dev" className="text-slate-300 underline hover:text-white">
          Lucide
        </a>{' '}
        (ISC).
      </p>
    </section>
  );
}
