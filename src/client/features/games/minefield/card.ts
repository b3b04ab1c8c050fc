import { Bomb } from 'lucide-react';
import { lazyPage } from '../../../app/lazyChunk';
import type { GameClient } from '../public';

/** The hub card's icon and the pages behind it; its title and line are its GAMES entry's. */
export const card: GameClient = {
  icon: Bomb,
  page: lazyPage(
    () => import('./pages/MinefieldPage'),
    (m) => m.MinefieldPage,
  ),
};
