// The tables scripts/fsContract.ts derives from src/shared/clientTables.ts at build time, typed
// from that file so the names in them stay checked by the compiler.
declare module 'virtual:fs-contract' {
  type Tables = import('../shared/clientTables').ClientTables;
  export const ROUTE_FLAGS: Tables['ROUTE_FLAGS'];
  export const GAME_CARDS: Tables['GAME_CARDS'];
}
