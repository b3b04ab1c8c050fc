/** What other features may use of items (DESIGN.md section 1a). */
export {
  applyRewardMultiplier,
  buffState,
  buffStatePart,
  lockSlotsLuck,
  minefieldItemsHeld,
  noRewardBuff,
  pickMinefieldItems,
  presentBuffedReward,
  rewardPreviewFrom,
  runningBuffRows,
  runningBuffsAt,
  runningBuffsJson,
  spendSlotsLuck,
  startBuff,
} from './buffs';
export type { MinefieldItems, RewardPreview, RunningBuff } from './buffs';
export { distinctItemsHeld } from './holdings';
export { cosmeticColumn } from './queries';
/** The items module: every unit moved goes through it (DESIGN.md section 3). */
export * as items from './holdings';
export { chooseHeldCosmetic, clearCosmeticChoice, cosmeticChoiceValue } from './cosmeticChoices';
