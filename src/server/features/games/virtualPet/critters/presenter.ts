import type { CritterDto } from '../../../../../shared/games/virtualPet/contract';
import { speciesOf, type Rarity } from '../../../../../shared/games/virtualPet/catalog';
import { evolveCheck, levelProgress } from '../../../../../shared/games/virtualPet/growth';

export interface CritterRow {
  id: number | string;
  species: string;
  variant: string;
  rarity: Rarity;
  generation: number;
  experience: number;
  affection: number;
  traits: string[];
  equipped_cosmetics: Record<string, string>;
  breeding_hatch_at: Date | string | null;
  last_hatched_at: Date | string | null;
  created_at: Date | string;
}

export const critterColumns =
  'id, species, variant, rarity, generation, experience, affection, traits, equipped_cosmetics, breeding_hatch_at, last_hatched_at, created_at';

const iso = (d: Date | string | null): string | null =>
  d === null ? null : new Date(d).toISOString();

export function presentCritter(row: CritterRow): CritterDto {
  const species = speciesOf(row.species);
  const progress = levelProgress(row.experience);
  const evolve = evolveCheck({ ...row, breeding: row.breeding_hatch_at !== null });
  return {
    _id: String(row.id),
    species: row.species,
    name: species?.name ?? row.species,
    emoji: species?.emoji ?? '🐾',
    variant: row.variant,
    rarity: row.rarity,
    generation: row.generation,
    level: progress.level,
    experience: row.experience,
    levelStart: progress.start,
    nextLevelAt: progress.next,
    affection: row.affection,
    traits: Object.fromEntries(row.traits.map((t) => [t, true as const])),
    evolvedTo: evolve.into,
    canEvolve: evolve.ready,
    evolveCondition: evolve.condition,
    equippedCosmetics: { ...row.equipped_cosmetics },
    breeding: { hatchAt: iso(row.breeding_hatch_at) },
    lastHatchedAt: iso(row.last_hatched_at),
    createdAt: iso(row.created_at) ?? '',
  };
}
