import { EventEmitter } from 'node:events';

/**
 * Typed domain events between features (DESIGN.md section 1). Producers emit after their
 * transaction commits, so a listener never sees something that was rolled back.
 *
 * The bus is in-process memory and delivery is best effort: a crash between the commit and a
 * listener loses the event, and other processes never see it. Use it for live pushes and for
 * invalidating caches, never for counters, progress, rewards or anything else that must
 * survive a crash: those are written in the transaction of the action itself (a stats row
 * through platform/stats.ts, or counted from timestamped rows; DESIGN.md section 3).
 */
export interface DomainEvents {
  UserRegistered: { userId: number; username: string };
  CoinsSent: { fromUserId: number; toUserId: number; amount: number };
  UserBanned: { userId: number; byAdminId: number };
  WagerPlaced: { wagerId: number; betId: number; optionId: number; userId: number; amount: number };
  ParlayPlaced: { parlayId: number; userId: number; amount: number; legs: { betId: number; optionId: number }[] };
  /**
   * A bet was finalized or voided. `winners` are the users paid a win by this settlement
   * (single wagers on the winning option, and parlays it completed as won), each once;
   * refunds are not wins.
   */
  PurchaseMade: { purchaseId: number; userId: number; itemId: number; price: number };
  BetSettled: { betId: number; outcome: 'finalized' | 'voided'; winningOptionId: number | null; winners: number[] };
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(name: K, listener: (payload: DomainEvents[K]) => void | Promise<void>): void {
    this.emitter.on(name, (payload: DomainEvents[K]) => {
      void Promise.resolve()
        .then(() => listener(payload))
        .catch((err: unknown) => this.emitter.emit('listenerError', err));
    });
  }

  onListenerError(handler: (err: unknown) => void): void {
    this.emitter.on('listenerError', handler);
  }
}
