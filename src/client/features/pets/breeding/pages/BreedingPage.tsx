import { ComingNextUpdate } from '../../components/ComingNextUpdate';

/** Spec section 2, Breeding: built in a later issue. */
export function BreedingPage() {
  return <ComingNextUpdate title="Breeding" icon="🥚" about="Pair two critters for an egg that hatches into a new one." />;
}
