import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './RootLayout';
import { RouteErrorPage } from './RouteErrorPage';
import { RequireAdmin, RequireAuth } from './guards';
import { lazyPage } from './lazyChunk';
import { GAME_CARDS, type GameCard } from '../features/games/catalog';
import { LoadingState } from '../components/States';
import { titled } from './pageTitle';

/**
 * A game's route: /games/{key}, and for a card with sub-pages its own pages below it plus a
 * splat that shows the card's page for any other sub-path (/games/virtual-pet/* is the sanctuary).
 */
function gameRoute(card: GameCard): RouteObject {
  const { page } = card;
  const path = `games/${card.key}`;
  if (!card.subPages) return { path, lazy: page, ...titled(card.name) };
  return {
    path,
    ...titled(card.name),
    children: [
      { index: true, lazy: page },
      ...card.subPages.map((sub) => ({
        path: sub.path,
        lazy: sub.page,
        ...titled(`${sub.title} · ${card.name}`),
      })),
      { path: '*', lazy: page },
    ],
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
          {
            index: true,
            lazy: lazyPage(
              () => import('../features/home/HomePage'),
              (m) => m.HomePage,
            ),
            ...titled('Home'),
          },
          {
            path: 'rules',
            lazy: lazyPage(
              () => import('../features/rules/RulesPage'),
              (m) => m.RulesPage,
            ),
            ...titled('Rules'),
          },
          {
            path: 'fairness',
            lazy: lazyPage(
              () => import('../features/games/engine/pages/FairnessPage'),
              (m) => m.FairnessPage,
            ),
            ...titled('Provably fair'),
          },
          {
            path: 'login',
            ...titled('Sign in'),
            lazy: lazyPage(
              () => import('../features/accounts/pages/AuthPage'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'register',
            ...titled('Register'),
            lazy: lazyPage(
              () => import('../features/accounts/pages/AuthPage'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'recover',
            ...titled('Forgot password'),
            lazy: lazyPage(
              () => import('../features/accounts/pages/RecoveryPages'),
              (m) => m.RecoverPage,
            ),
          },
          {
            // An admin's reset link: it works signed in or not.
            path: 'reset/:token',
            ...titled('Set a new password'),
            lazy: lazyPage(
              () => import('../features/accounts/pages/RecoveryPages'),
              (m) => m.ResetPage,
            ),
          },
          {
            path: 'profile/:username',
            ...titled(({ username }) => `${username ?? 'Player'}'s profile`),
            lazy: lazyPage(
              () => import('../features/accounts/pages/PublicProfilePage'),
              (m) => m.PublicProfilePage,
            ),
          },
          {
            path: 'communities',
            ...titled('Communities'),
            lazy: lazyPage(
              () => import('../features/communities/pages/DirectoryPage'),
              (m) => m.DirectoryPage,
            ),
          },
          {
            path: 'c/:slug',
            ...titled(({ slug }) => slug ?? 'Community'),
            lazy: lazyPage(
              () => import('../features/communities/pages/CommunityPage'),
              (m) => m.CommunityPage,
            ),
          },
          {
            path: 'c/:slug/bets/:betId',
            ...titled(({ slug }) => `Bet · ${slug ?? 'Community'}`),
            lazy: lazyPage(
              () => import('../features/communities/pages/CommunityBetPage'),
              (m) => m.CommunityBetPage,
            ),
          },
          // Links in e-mails: they work signed in or not.
          {
            path: 'email/confirm',
            ...titled('Confirm your e-mail'),
            lazy: lazyPage(
              () => import('../features/notifications/pages/EmailLinkPages'),
              (m) => m.EmailConfirmPage,
            ),
          },
          {
            path: 'email/unsubscribe',
            ...titled('E-mail notifications'),
            lazy: lazyPage(
              () => import('../features/notifications/pages/EmailLinkPages'),
              (m) => m.EmailUnsubscribePage,
            ),
          },
          {
            element: <RequireAuth />,
            children: [
              {
                // An invite link: signing in comes back here, then it joins.
                path: 'c/join/:code',
                ...titled('Join a community'),
                lazy: lazyPage(
                  () => import('../features/communities/pages/JoinByInvitePage'),
                  (m) => m.JoinByInvitePage,
                ),
              },
              {
                path: 'dashboard',
                ...titled('Dashboard'),
                lazy: lazyPage(
                  () => import('../features/dashboard/DashboardPage'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: 'profile',
                ...titled('Your profile'),
                lazy: lazyPage(
                  () => import('../features/accounts/pages/ProfilePage'),
                  (m) => m.ProfilePage,
                ),
              },
              {
                path: 'bets',
                ...titled('Bets'),
                lazy: lazyPage(
                  () => import('../features/bets/pages/ActiveBetsPage'),
                  (m) => m.ActiveBetsPage,
                ),
              },
              {
                path: 'store',
                ...titled('Store'),
                lazy: lazyPage(
                  () => import('../features/store/pages/StorePage'),
                  (m) => m.StorePage,
                ),
              },
              {
                path: 'services',
                ...titled('Services'),
                lazy: lazyPage(
                  () => import('../features/services/pages/ServicesPage'),
                  (m) => m.ServicesPage,
                ),
              },
              {
                path: 'tasks',
                lazy: lazyPage(
                  () => import('../features/tasks/TasksPage'),
                  (m) => m.TasksPage,
                ),
                ...titled('Tasks'),
              },
              {
                path: 'achievements',
                ...titled('Achievements'),
                lazy: lazyPage(
                  () => import('../features/achievements/AchievementsPage'),
                  (m) => m.AchievementsPage,
                ),
              },
              {
                path: 'leaderboard',
                ...titled('Leaderboard'),
                lazy: lazyPage(
                  () => import('../features/leaderboard/LeaderboardPage'),
                  (m) => m.LeaderboardPage,
                ),
              },
              {
                path: 'notifications',
                ...titled('Notifications'),
                lazy: lazyPage(
                  () => import('../features/notifications/pages/NotificationsPage'),
                  (m) => m.NotificationsPage,
                ),
              },
              {
                path: 'sanctions',
                ...titled('Sanctions'),
                lazy: lazyPage(
                  () => import('../features/sanctions/pages/SanctionsPage'),
                  (m) => m.SanctionsPage,
                ),
              },
              {
                path: 'notifications/settings',
                ...titled('Notification settings'),
                lazy: lazyPage(
                  () => import('../features/notifications/pages/NotificationsPage'),
                  (m) => m.NotificationSettingsPage,
                ),
              },
              {
                path: 'bets/parlay',
                ...titled('Parlay builder'),
                lazy: lazyPage(
                  () => import('../features/bets/pages/ParlayBuilderPage'),
                  (m) => m.ParlayBuilderPage,
                ),
              },
              {
                path: 'games',
                lazy: lazyPage(
                  () => import('../features/games/pages/GamesHubPage'),
                  (m) => m.GamesHubPage,
                ),
                ...titled('Games'),
              },
              // Each game's page, from the games list (features/games/catalog.ts).
              ...GAME_CARDS.map(gameRoute),
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin',
                lazy: lazyPage(
                  () => import('../features/admin/AdminPage'),
                  (m) => m.AdminPage,
                ),
                ...titled('Admin'),
              },
            ],
          },
          {
            path: '*',
            lazy: lazyPage(
              () => import('./NotFoundPage'),
              (m) => m.NotFoundPage,
            ),
            ...titled('Page not found'),
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
