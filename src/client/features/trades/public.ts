/** What other features may use of trades (DESIGN.md section 1a). */
export { TradeCenter } from './components/TradeCenter';
