/** What other features may use of bets (DESIGN.md section 1a). */
export { BetHistory, MyActiveBets } from './components/MyBets';
export { BetManagement } from './components/admin/BetManagement';
export { CreateBetForm } from './components/admin/CreateBetForm';
export { formatOdds, formatTotalOdds, formatVotes } from './display';
export { OddsForm } from './components/admin/OddsForm';
export { PickRow } from './components/parlay/PickRow';
export { oddsChangedDetails } from './mutations';
export {
  addPick,
  parlayRequest,
  parlayTotalOdds,
  withCurrentOdds,
  type ParlayPick,
} from './parlay';
