/**
 * The whole schema, for drizzle (the ORM's relational types) and drizzle-kit (migrations):
 * each feature owns its tables in features/<f>/tables.ts, platform services theirs in
 * platform/tables.ts; this file only gathers them.
 */
export * from '../features/accounts/tables';
export * from '../features/wallet/tables';
export * from '../features/bets/tables';
export * from '../features/store/tables';
export * from '../features/items/tables';
export * from '../features/trades/tables';
export * from '../platform/tables';
export * from '../platform/realtime/tables';
export * from '../features/services/tables';
export * from '../features/tasks/tables';
export * from '../features/achievements/tables';
export * from '../features/games/engine/tables';
export * from '../features/games/spinner/tables';
export * from '../features/games/frenzy/tables';
export * from '../features/games/puzzles/tables';
export * from '../features/games/rps/tables';
