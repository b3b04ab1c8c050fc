import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { RequireAdmin, RequireAuth } from './guards';
import { lazyPage } from './lazyChunk';
import { GAME_CARDS, type GameCard } from '../features/games/catalog';
import { LoadingState } from '../components/States';

/**
 * A game's route: /games/{key}, and for a card with sub-pages its own pages below it plus a
 * splat that shows the card's page for any other sub-path (/games/virtual-pet/* is the sanctuary).
 */
function gameRoute(card: GameCard): RouteObject {
  const { page } = card;
  const path = `games/${card.key}`;
  if (!card.subPages) return { path, lazy: page };
  return {
    path,
    children: [{ index: true, lazy: page }, ...card.subPages.map((sub) => ({ path: sub.path, lazy: sub.page })), { path: '*', lazy: page }],
  };
}

/** Spec section 2 route map. Screens of later issues are deliberately absent and fall to '*'. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Catches a crash of the layout itself; page errors are caught below, inside the layout.
    errorElement: <RouteErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        hydrateFallbackElement: <LoadingState />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/home/HomePage'), (m) => m.HomePage) },
          { path: 'rules', lazy: lazyPage(() => import('../features/rules/RulesPage'), (m) => m.RulesPage) },
          { path: 'fairness', lazy: lazyPage(() => import('../features/games/fairness/pages/FairnessPage'), (m) => m.FairnessPage) },
          {
            path: 'login',
            lazy: lazyPage(() => import('../features/accounts/pages/AuthPage'), (m) => m.LoginPage),
          },
          {
            path: 'register',
            lazy: lazyPage(() => import('../features/accounts/pages/AuthPage'), (m) => m.RegisterPage),
          },
          {
            path: 'profile/:username',
            lazy: lazyPage(() => import('../features/accounts/pages/PublicProfilePage'), (m) => m.PublicProfilePage),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                path: 'dashboard',
                lazy: lazyPage(() => import('../features/dashboard/DashboardPage'), (m) => m.DashboardPage),
              },
              {
                path: 'profile',
                lazy: lazyPage(() => import('../features/accounts/pages/ProfilePage'), (m) => m.ProfilePage),
              },
              {
                path: 'bets',
                lazy: lazyPage(() => import('../features/bets/pages/ActiveBetsPage'), (m) => m.ActiveBetsPage),
              },
              {
                path: 'store',
                lazy: lazyPage(() => import('../features/store/pages/StorePage'), (m) => m.StorePage),
              },
              {
                path: 'services',
                lazy: lazyPage(() => import('../features/services/pages/ServicesPage'), (m) => m.ServicesPage),
              },
              { path: 'tasks', lazy: lazyPage(() => import('../features/tasks/TasksPage'), (m) => m.TasksPage) },
              {
                path: 'achievements',
                lazy: lazyPage(() => import('../features/achievements/AchievementsPage'), (m) => m.AchievementsPage),
              },
              {
                path: 'leaderboard',
                lazy: lazyPage(() => import('../features/leaderboard/LeaderboardPage'), (m) => m.LeaderboardPage),
              },
              {
                path: 'bets/parlay',
                lazy: lazyPage(() => import('../features/bets/pages/ParlayBuilderPage'), (m) => m.ParlayBuilderPage),
              },
              { path: 'games', lazy: lazyPage(() => import('../features/games/pages/GamesHubPage'), (m) => m.GamesHubPage) },
              // Each game's page, from the games list (features/games/catalog.ts).
              ...GAME_CARDS.map(gameRoute),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: 'admin', lazy: lazyPage(() => import('../features/admin/AdminPage'), (m) => m.AdminPage) },
            ],
          },
          { path: '*', lazy: lazyPage(() => import('./NotFoundPage'), (m) => m.NotFoundPage) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
