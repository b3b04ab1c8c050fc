import { Egg } from 'lucide-react';
import { PET_SUB_PAGES, sanctuaryPage } from './pages';
import type { GameClient } from '../public';

/** The hub card's icon and the pages behind it; its title and line are its GAMES entry's. */
export const card: GameClient = { icon: Egg, page: sanctuaryPage, subPages: PET_SUB_PAGES };
