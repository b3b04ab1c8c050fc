/**
 * Spec section 1: the hub's twelve keys. `built` games link to /games/{key}; the rest show
 * 'Coming soon' until their issue lands (the five without a spec come in a later issue).
 */
export interface GameCard {
  key: string;
  name: string;
  description: string;
  icon: string;
  built: boolean;
}

export const GAME_CARDS: readonly GameCard[] = [
  { key: 'spinner', name: 'Spinners', description: 'Four free wheels: hourly, every 12 hours, daily and weekly.', icon: '🎡', built: true },
  { key: 'casino', name: 'Casino', description: 'Roulette, coin flip and slots with published odds.', icon: '🎰', built: true },
  { key: 'minefield', name: 'Minefield', description: 'Reveal safe cells, cash out before you hit a mine.', icon: '💣', built: true },
  { key: 'click-frenzy', name: 'Click Frenzy', description: 'Catch falling animals for coins, 100 an hour.', icon: '🐾', built: true },
  { key: 'rps', name: 'Rock Paper Scissors', description: 'Challenge another player for a buy-in.', icon: '✊', built: true },
  { key: 'puzzle-rush', name: 'Puzzle Rush', description: 'Five daily puzzles with coin rewards.', icon: '🧩', built: true },
  { key: 'virtual-pet', name: 'Virtual Pet', description: 'Adopt, feed and breed critters in your sanctuary.', icon: '🐣', built: false },
  { key: 'mystery-box', name: 'Mystery Box', description: 'What is inside? Nobody knows yet.', icon: '🎁', built: false },
  { key: '-tycoon', name: 'Tycoon', description: 'Build a business empire one coin at a time.', icon: '🏭', built: false },
  { key: 'merge-lab', name: 'Merge Lab', description: 'Combine items into rarer ones.', icon: '⚗️', built: false },
  { key: 'quiz-duel', name: 'Quiz Duel', description: 'Answer faster than your opponent.', icon: '❓', built: false },
  { key: 'idle-ngu', name: 'Idle NGU', description: 'Numbers go up while you are away.', icon: '📈', built: false },
];
