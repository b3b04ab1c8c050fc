import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { UserDto } from '@shared/api/accounts';
import type { LiveMessage } from '@shared/api/live';
import { formatCoins } from '../lib/format';
import { connectLive } from '../lib/liveSocket';
import { notify } from '../lib/toast';
import { sessionKeys } from '../lib/session';
import { adminKeys } from '../features/admin/queries';
import { betKeys } from '../features/bets/queries';
import { communityKeys } from '../features/communities/queries';
import {
  onNotificationNew,
  onNotificationRead,
  type Navigate,
} from '../features/notifications/live';
import { sanctionKeys } from '../features/sanctions/queries';
import { serviceKeys } from '../features/services/queries';
import { tradeKeys } from '../features/trades/queries';
import { walletKeys } from '../features/wallet/queries';

/** What each event makes stale; the pages on screen refetch it at once. */
function staleKeys(message: LiveMessage): QueryKey[] {
  switch (message.kind) {
    case 'balance':
      return [walletKeys.all];
    case 'trade.offered':
    case 'trade.answered':
    case 'trade.canceled':
    case 'trade.finalized':
      return [tradeKeys.all];
    case 'bet.created':
    case 'bet.repriced':
    case 'bet.closed':
    case 'bet.settled':
    case 'bet.paid':
    case 'bet.votes':
      return [betKeys.all];
    case 'service.changed':
    case 'service.listed':
      return [serviceKeys.all];
    case 'admin.log':
      return [adminKeys.logs()];
    case 'community.feed':
      return [communityKeys.feed(message.payload.slug)];
    case 'community.betComments':
      return [communityKeys.betCommentsAll(message.payload.slug, message.payload.betId)];
    case 'duel.invited':
    case 'duel.resolved':
    case 'duel.canceled':
      return [['games']];
    default:
      return [];
  }
}

const coins = (n: number) => `${formatCoins(n)} ${n === 1 ? 'coin' : 'coins'}`;

/**
 * Opens the tab's live socket and applies what it hears to the query cache, until the returned
 * function is called. `navigate` lets a notification's toast open its page.
 */
export function followLive(queryClient: QueryClient, navigate: Navigate): () => void {
  return connectLive(
    (message) => {
      if (message.kind === 'balance') {
        // The balance pill and greeting change at once, without a round trip.
        queryClient.setQueriesData<UserDto>({ queryKey: sessionKeys.all }, (user) =>
          user ? { ...user, balance: message.payload.balance } : user,
        );
      }
      if (message.kind === 'coins.received') {
        const { transferId, from, amount } = message.payload;
        // Coins from another player arrived silently before; the id keeps a repeated event to one toast.
        notify.success(`${from} sent you ${coins(amount)}`, { id: `coins-received-${transferId}` });
      }
      if (message.kind === 'bet.paid') {
        const { betId, title, won, refunded } = message.payload;
        const said =
          won > 0
            ? `You won ${coins(won)} on “${title}”${refunded > 0 ? ` and got ${coins(refunded)} back` : ''}`
            : `“${title}” was voided: ${coins(refunded)} refunded`;
        notify.success(said, { id: `bet-paid-${betId}` });
      }
      if (message.kind === 'notification.new') {
        onNotificationNew(queryClient, navigate, message.payload);
        // A sanction imposed, lifted or its appeal answered: the banner reads its list again.
        if (message.payload.notification.kind === 'security')
          void queryClient.invalidateQueries({ queryKey: sanctionKeys.all });
      }
      if (message.kind === 'notification.read') onNotificationRead(queryClient, message.payload);
      for (const queryKey of staleKeys(message)) void queryClient.invalidateQueries({ queryKey });
      if (message.kind.startsWith('bet.') && 'betId' in message.payload) {
        // A community's bet (its page and its community's lists) names only the bet: the pages
        // on screen that show it read it again.
        const betId = message.payload.betId;
        void queryClient.invalidateQueries({
          predicate: ({ queryKey: k }) =>
            k[0] === 'communities' && (k[3] === 'bets' || (k[3] === 'bet' && k[4] === betId)),
        });
      }
    },
    () => void queryClient.invalidateQueries(),
  );
}
