import { ComingNextUpdate } from '../../components/ComingNextUpdate';

/** Spec section 2, Gacha: built in a later issue. */
export function GachaPage() {
  return <ComingNextUpdate title="Gacha" icon="🎲" about="Spin a banner for a new critter, with published odds and a pity bar." />;
}
