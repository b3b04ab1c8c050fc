import { EventEmitter } from 'node:events';

/**
 * Typed domain events between features (DESIGN.md section 1): producers emit after their
 * transaction commits; tasks and achievements subscribe. Later features add their events here.
 */
export interface DomainEvents {
  UserRegistered: { userId: number; username: string };
  CoinsSent: { fromUserId: number; toUserId: number; amount: number };
  UserBanned: { userId: number; byAdminId: number };
  BetSettled: { betId: number; outcome: 'finalized' | 'voided'; winningOptionId: number | null };
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
