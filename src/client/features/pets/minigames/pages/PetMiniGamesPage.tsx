import { ComingNextUpdate } from '../../components/ComingNextUpdate';

/** Spec section 2, Pet mini-games: built in a later issue. */
export function PetMiniGamesPage() {
  return <ComingNextUpdate title="Pet mini-games" icon="🕹️" about="Coin catcher, Dodge n Dash and Critter Match with your critters." />;
}
