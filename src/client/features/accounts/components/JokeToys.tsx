import { useState } from 'react';
import { randomJoke, type Joke } from '../jokes';
import { isSkull, type RainDrop } from '../slotToy';
import { useGhost, useInvertPage, useSlotToy } from '../useToys';
import { Cherry, Mic, ToyBrick } from 'lucide-react';
import { Emoji, EmojiText } from '../../../components/Emoji';

function ComplimentOrRoast() {
  const [joke, setJoke] = useState<Joke | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        className="btn-secondary self-start"
        onClick={() => setJoke(randomJoke())}
      >
        <Mic /> Compliment or Roast Me
      </button>
      <p aria-live="polite" data-testid="joke-line" className="text-slate-200">
        {joke && (
          <>
            <span className="font-semibold text-amber-200">
              <EmojiText text={joke.kind === 'roast' ? '🔥 Roast: ' : '💖 Compliment: '} />
            </span>
            {joke.text}
          </>
        )}
      </p>
    </div>
  );
}

function GhostToy() {
  const { active, position, summon } = useGhost();
  return (
    <>
      <button type="button" className="btn-secondary self-start" onClick={summon} disabled={active}>
        <span aria-hidden="true">
          <Emoji char="👻" />
        </span>{' '}
        {active ? 'Boo!' : 'Summon a Ghost'}
      </button>
      {position && (
        <span
          data-testid="ghost"
          aria-hidden="true"
          className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-1/2 text-5xl transition-[left,top] duration-100 ease-linear"
          style={{ left: `${position.leftPercent}%`, top: `${position.topPercent}%` }}
        >
          <Emoji char="👻" />
        </span>
      )}
    </>
  );
}

function MoneyRain({ drops }: { drops: RainDrop[] }) {
  return (
    <div
      data-testid="money-rain"
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-50 overflow-hidden motion-reduce:hidden"
    >
      {drops.map((drop) => (
        <span
          key={drop.id}
          className="absolute -top-12 animate-fall text-3xl"
          style={{
            left: `${drop.leftPercent}%`,
            animationDelay: `${drop.delaySeconds}s`,
            animationDuration: `${drop.durationSeconds}s`,
          }}
        >
          <Emoji char={drop.emoji} />
        </span>
      ))}
    </div>
  );
}

const REEL = 'flex size-14 items-center justify-center rounded-xl bg-slate-950/70 text-3xl';

function SlotToy() {
  const { reels, outcome, locked, rain, spinNow } = useSlotToy();
  const invertPage = useInvertPage();

  return (
    <div className="flex flex-col gap-3">
      <div
        role="group"
        aria-label="Emoji slots"
        data-testid="slot-reels"
        className={`flex gap-2 self-start rounded-2xl border-2 p-2 ${locked ? 'border-amber-300 shadow-lg shadow-amber-300/30' : 'border-white/15'}`}
      >
        {reels.map((emoji, index) =>
          isSkull(emoji) ? (
            <button
              // Reels are positional: the same emoji may sit in several slots.
              key={index}
              type="button"
              className={`${REEL} hover:bg-slate-800`}
              aria-label={`Slot ${index + 1}: skull, click to invert the colours`}
              onClick={invertPage}
            >
              <Emoji char={emoji} />
            </button>
          ) : (
            <span
              key={index}
              role="img"
              aria-label={`Slot ${index + 1}: ${emoji}`}
              className={REEL}
            >
              <Emoji char={emoji} />
            </span>
          ),
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-secondary" onClick={spinNow} disabled={locked}>
          <Cherry /> {locked ? 'Locked' : 'Pull the Lever'}
        </button>
        <span className="text-xs text-slate-400">
          The reels spin themselves every 5 seconds. Skulls are clickable.
        </span>
      </div>
      <p
        aria-live="polite"
        data-testid="slot-message"
        className="min-h-6 font-semibold text-amber-200"
      >
        {outcome && outcome.kind !== 'none' ? outcome.message : ''}
      </p>
      {rain && <MoneyRain drops={rain} />}
    </div>
  );
}

export function JokeToys() {
  return (
    <section aria-labelledby="toys-heading" className="card flex flex-col gap-6">
      <h2 id="toys-heading" className="section-title">
        <ToyBrick className="mr-1.5" />
        Totally Useless Toys
      </h2>
      <ComplimentOrRoast />
      <div className="flex flex-col">
        <GhostToy />
      </div>
      <SlotToy />
    </section>
  );
}
