import { lazyPage } from '../../app/lazyChunk';
import { PET_SUB_PAGES, sanctuaryPage } from './virtualPet/pages';
import { QUIZ_SUB_PAGES, quizLobbyPage } from './quizDuel/pages';
import { Bomb, Cherry, CircleQuestionMark, Egg, Factory, FerrisWheel, FlaskConical, Gift, HandFist, PawPrint, Puzzle, TrendingUp, type LucideIcon } from 'lucide-react';

/**
 * Spec section 1: the hub's twelve keys, and the client's list of games: each card links to
 * /games/{key}, which the router serves from its `page` (router.tsx maps this list). A page is
 * required, so no card can say 'Coming soon'. A new game is its folder and its card here.
 */
export interface GameCard {
  key: string;
  name: string;
  description: string;
  icon: LucideIcon;
  /** The route's lazy loader (the page's chunk loads when the route is visited). */
  page: ReturnType<typeof lazyPage>;
  /**
   * Pages under /games/{key}/{path}. A card with sub-pages owns its whole branch: any other path
   * below /games/{key}/ shows its `page` (spec section 2: /games/virtual-pet/* is the sanctuary).
   */
  subPages?: readonly { path: string; title: string; page: ReturnType<typeof lazyPage> }[];
}

export const GAME_CARDS: readonly GameCard[] = [
  { key: 'spinner', name: 'Spinners', description: 'Four free wheels: hourly, every 12 hours, daily and weekly.', icon: FerrisWheel, page: lazyPage(() => import('./spinner/pages/SpinnerPage'), (m) => m.SpinnerPage) },
  { key: 'casino', name: 'Casino', description: 'Roulette, coin flip and slots with published odds.', icon: Cherry, page: lazyPage(() => import('./casino/pages/CasinoPage'), (m) => m.CasinoPage) },
  { key: 'minefield', name: 'Minefield', description: 'Reveal safe cells, cash out before you hit a mine.', icon: Bomb, page: lazyPage(() => import('./minefield/pages/MinefieldPage'), (m) => m.MinefieldPage) },
  { key: 'click-frenzy', name: 'Click Frenzy', description: 'Catch falling animals for coins, 100 an hour.', icon: PawPrint, page: lazyPage(() => import('./clickFrenzy/pages/ClickFrenzyPage'), (m) => m.ClickFrenzyPage) },
  { key: 'rps', name: 'Rock Paper Scissors', description: 'Challenge another player for a buy-in.', icon: HandFist, page: lazyPage(() => import('./rps/pages/RpsPage'), (m) => m.RpsPage) },
  { key: 'puzzle-rush', name: 'Puzzle Rush', description: 'Five daily puzzles with coin rewards.', icon: Puzzle, page: lazyPage(() => import('./puzzleRush/pages/PuzzleRushPage'), (m) => m.PuzzleRushPage) },
  { key: 'virtual-pet', name: 'Virtual Pet', description: 'Adopt, feed and breed critters in your sanctuary.', icon: Egg, page: sanctuaryPage, subPages: PET_SUB_PAGES },
  {
    key: 'mystery-box',
    name: 'Mystery Box',
    description: 'Open a box for a collectible: keep it, trade it or sell it back.',
    icon: Gift,
    page: lazyPage(() => import('./mysteryBox/pages/MysteryBoxPage'), (m) => m.MysteryBoxPage),
  },
  // The spec shows only '…-tycoon'; issue 24 names it, and the key is the route's segment.
  {
    key: 'coin-tycoon',
    name: 'Coin Tycoon',
    description: 'Build a business empire one buck at a time.',
    icon: Factory,
    page: lazyPage(() => import('./coinTycoon/pages/CoinTycoonPage'), (m) => m.CoinTycoonPage),
  },
  {
    key: 'merge-lab',
    name: 'Merge Lab',
    description: 'Combine items into rarer ones.',
    icon: FlaskConical,
    page: lazyPage(() => import('./mergeLab/pages/MergeLabPage'), (m) => m.MergeLabPage),
  },
  { key: 'quiz-duel', name: 'Quiz Duel', description: 'Answer faster than your opponent.', icon: CircleQuestionMark, page: quizLobbyPage, subPages: QUIZ_SUB_PAGES },
  {
    key: 'idle-ngu',
    name: 'Idle NGU',
    description: 'Numbers go up while you are away.',
    icon: TrendingUp,
    page: lazyPage(() => import('./idleNgu/pages/IdleNguPage'), (m) => m.IdleNguPage),
  },
];
