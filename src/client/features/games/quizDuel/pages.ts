import { lazyPage } from '../../../app/lazyChunk';

/**
 * The quiz area's pages for the router: the lobby at /games/quiz-duel (and at any sub-path not
 * listed here), the daily quiz, and one duel by id.
 */
export const quizLobbyPage = lazyPage(
  () => import('./pages/QuizLobbyPage'),
  (m) => m.QuizLobbyPage,
);

export const QUIZ_SUB_PAGES = [
  {
    path: 'daily',
    title: 'Daily quiz',
    page: lazyPage(
      () => import('./pages/QuizDailyPage'),
      (m) => m.QuizDailyPage,
    ),
  },
  {
    path: ':id',
    title: 'Duel',
    page: lazyPage(
      () => import('./pages/QuizDuelPage'),
      (m) => m.QuizDuelPage,
    ),
  },
] as const;
