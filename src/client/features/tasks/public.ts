/** What other features may use of tasks (DESIGN.md section 1a). */
export { ProgressBar } from './ProgressBar';
export { RewardTag } from './RewardTag';
export { CreateAchievementForm } from './admin/CreateAchievementForm';
export { CreateTaskForm } from './admin/CreateTaskForm';
export { RetireEntries } from './admin/RetireEntries';
export { useAchievements, useClaimAchievementMutation } from './queries';
