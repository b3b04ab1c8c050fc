/** What other features may use of mysteryBox (DESIGN.md section 1a). */
export { useSellCollectibleMutation } from './mutations';
