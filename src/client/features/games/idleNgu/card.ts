import { TrendingUp } from 'lucide-react';
import { lazyPage } from '../../../app/lazyChunk';
import type { GameClient } from '../public';

/** The hub card's icon and the pages behind it; its title and line are its GAMES entry's. */
export const card: GameClient = {
  icon: TrendingUp,
  page: lazyPage(
    () => import('./pages/IdleNguPage'),
    (m) => m.IdleNguPage,
  ),
};
