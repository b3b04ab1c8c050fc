import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../../../lib/session';
import { CoinFlipTab } from '../components/CoinFlipTab';
import { RoundHistory } from '../../components/public';
import { SoundToggle } from '../../components/public';
import { RouletteTab } from '../components/RouletteTab';
import { SlotsTab } from '../components/SlotsTab';
import { useSlotsLuck } from '../queries';
import { useReducedMotion } from '../../public';
import { Search } from 'lucide-react';

const TABS = [
  { id: 'roulette', label: 'Roulette' },
  { id: 'coin-flip', label: 'Coin Flip' },
  { id: 'slots', label: 'Slots' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function CasinoPage() {
  const { user } = useSession();
  const slotsLuck = useSlotsLuck();
  const reducedMotion = useReducedMotion();
  const [tab, setTab] = useState<TabId>('roulette');
  // The last round's balance until the refreshed user arrives.
  const [own, setOwn] = useState<number | null>(null);
  useEffect(() => setOwn(null), [user?.balance]);
  const balance = own ?? user?.balance ?? 0;
  const onBalance = useCallback((b: number) => setOwn(b), []);

  function onKeyDown(event: KeyboardEvent) {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    setTab(next.id);
    document.getElementById(`tab-${next.id}`)?.focus();
  }

  const props = { balance, onBalance, reducedMotion };
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end gap-3">
        <div className="mr-auto">
          <h1 className="font-display text-3xl font-extrabold text-white sm:text-4xl">Casino</h1>
          <p className="mt-1 text-slate-400">
            Roulette, coin flip and slots with published returns.
          </p>
        </div>
        <SoundToggle />
        <Link to="/fairness" className="btn-secondary">
          <Search />
          Verify rounds
        </Link>
      </header>
      <div
        role="tablist"
        aria-label="Casino games"
        className="flex flex-wrap gap-2"
        onKeyDown={onKeyDown}
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <section id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="card">
        {tab === 'roulette' && <RouletteTab {...props} />}
        {tab === 'coin-flip' && <CoinFlipTab {...props} />}
        {tab === 'slots' && <SlotsTab {...props} slotsLuck={slotsLuck} />}
      </section>
      <RoundHistory games={['roulette', 'coin-flip', 'slots']} />
    </div>
  );
}
