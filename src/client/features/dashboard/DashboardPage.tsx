import { ErrorBanner, LoadingState } from '../../components/States';
import { errorMessage } from '../../lib/errorMessages';
import { formatCoins } from '../../lib/format';
import { useSession } from '../../lib/session';
import { BetHistory, MyActiveBets } from '../bets/public';
import { ActiveBuffs } from '../store/public';
import { BadgeShelf } from '../store/public';
import { UsableInventory } from '../store/public';
import { CosmeticMark } from '../store/public';
import { SendCoinsForm } from '../wallet/public';
import { TradeCenter } from '../trades/public';
import { AchievementList } from '../accounts/public';
import { LedgerStatement } from '../wallet/public';
import { Backpack } from 'lucide-react';
import { Emoji } from '../../components/Emoji';

export function DashboardPage() {
  const { userQuery } = useSession();
  const { data: stats, error, isPending } = userQuery;

  if (isPending) return <LoadingState>Loading your dashboard…</LoadingState>;
  if (!stats) return <ErrorBanner>{errorMessage(error, 'Failed to load user stats')}</ErrorBanner>;

  return (
    <div className="flex flex-col gap-6">
      {error && <ErrorBanner>{errorMessage(error, 'Failed to load user stats')}</ErrorBanner>}
      <header className="card bg-linear-to-br from-amber-400/20 via-slate-900 to-fuchsia-500/10">
        <h1 className="font-display wrap-anywhere text-3xl font-extrabold text-white sm:text-4xl">
          Hey, {stats.username}!{' '}
          <span aria-hidden="true">
            <Emoji char="👋" />
          </span>
          <CosmeticMark cosmetic={stats.cosmetic} />
        </h1>
        <p className="mt-2 text-lg text-slate-300">
          Balance:{' '}
          <strong data-testid="dashboard-balance" className="font-mono text-emerald-300">
            <Emoji char="🪙" /> {formatCoins(stats.balance)}
          </strong>{' '}
          coins
        </p>
      </header>
      <ActiveBuffs />
      <section aria-labelledby="dashboard-inventory" className="card">
        <h2 id="dashboard-inventory" className="section-title mb-4">
          <Backpack className="mr-1.5" />
          Inventory
        </h2>
        <UsableInventory inventory={stats.inventory ?? []} />
      </section>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <SendCoinsForm />
        <LedgerStatement />
      </div>
      <TradeCenter />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <MyActiveBets />
        <BetHistory />
      </div>
      <BadgeShelf badges={stats.badges ?? []} />
      <AchievementList achievements={stats.achievements} />
    </div>
  );
}
