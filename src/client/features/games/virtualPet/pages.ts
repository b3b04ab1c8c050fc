import { lazyPage } from '../../../app/lazyChunk';

/**
 * The pet area's pages for the router: the sanctuary at /games/virtual-pet (and, per spec
 * section 2's /games/virtual-pet/*, at any sub-path not listed here), and one page per part.
 */
export const sanctuaryPage = lazyPage(
  () => import('./sanctuary/pages/SanctuaryPage'),
  (m) => m.SanctuaryPage,
);

export const PET_SUB_PAGES = [
  {
    path: 'shop',
    title: 'Pet shop',
    page: lazyPage(
      () => import('./shop/pages/PetShopPage'),
      (m) => m.PetShopPage,
    ),
  },
  {
    path: 'gacha',
    title: 'Gacha',
    page: lazyPage(
      () => import('./gacha/pages/GachaPage'),
      (m) => m.GachaPage,
    ),
  },
  {
    path: 'breeding',
    title: 'Breeding',
    page: lazyPage(
      () => import('./breeding/pages/BreedingPage'),
      (m) => m.BreedingPage,
    ),
  },
  {
    path: 'mini',
    title: 'Mini-games',
    page: lazyPage(
      () => import('./minigames/pages/PetMiniGamesPage'),
      (m) => m.PetMiniGamesPage,
    ),
  },
] as const;
