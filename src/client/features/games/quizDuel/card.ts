import { CircleQuestionMark } from 'lucide-react';
import { QUIZ_SUB_PAGES, quizLobbyPage } from './pages';
import type { GameClient } from '../public';

/** The hub card's icon and the pages behind it; its title and line are its GAMES entry's. */
export const card: GameClient = {
  icon: CircleQuestionMark,
  page: quizLobbyPage,
  subPages: QUIZ_SUB_PAGES,
};
