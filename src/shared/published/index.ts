// Every section of /fairness, in page order: one list, each section built in its own file from
// the code that pays. A new game adds its section (or rows to one) there and a line here.
import { faucetsSection } from './faucets';
import { itemsSection } from './items';
import { mergeLabSection } from '../games/mergeLab/published';
import { mysteryBoxSection } from '../games/mysteryBox/published';
import { gachaSection, minigamesSection, sanctuarySection } from '../games/virtualPet/published';
import { returnsSection, slotsSection } from './returns';
import { spinnersSection } from '../games/spinner/published';
import type { PublishedInput, PublishedSection, PublishedSectionDef } from './types';

export const PUBLISHED_SECTIONS: readonly PublishedSectionDef[] = [
  returnsSection,
  slotsSection,
  spinnersSection,
  faucetsSection,
  itemsSection,
  mysteryBoxSection,
  mergeLabSection,
  minigamesSection,
  sanctuarySection,
  gachaSection,
];

const fixedSections = new Map<PublishedSectionDef, PublishedSection>();

/** The page's sections, built from the database's part (`input`) and the shared rules. */
export function buildPublished(input: PublishedInput): PublishedSection[] {
  return PUBLISHED_SECTIONS.map((def) => {
    const built = fixedSections.get(def) ?? { key: def.key, title: def.title, ...def.build(input) };
    // The pity chains and pay tables take a while to compute, and never change while the code does not.
    if (def.fixed) fixedSections.set(def, built);
    return built;
  });
}

export type { PublishedInput, PublishedItem, PublishedSection } from './types';
