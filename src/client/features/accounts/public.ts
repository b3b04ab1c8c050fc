/** What other features may use of accounts (DESIGN.md section 1a). */
export { playWinSound } from './beep';
export { AchievementList } from './components/ProfileCollections';
export { accountKeys, usePublicConfig } from './queries';
