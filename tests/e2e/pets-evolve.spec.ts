import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CritterActionResponse } from '../../src/shared/games/virtualPet/contract';
import { raiseCritter } from '../../src/server/features/games/virtualPet/builders';
import { call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { SanctuaryPage } from './pages/PetPages';
import { Toasts } from './pages/Toasts';

/** Issue 33 item 13: a breeding parent's card says why it cannot evolve, and offers no Evolve. */

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

describe("a critter's Evolve", () => {
  it('is disabled with the reason while the critter is breeding, and offered once its egg has hatched', async () => {
    const user = await world.user();
    const adopted = await call<CritterActionResponse>(world.server, 'POST', '/api/critters/adopt', {
      token: user.token,
      body: { species: 'sproutling' },
    });
    expect(adopted.status, JSON.stringify(adopted.body)).toBe(201);
    const id = Number(adopted.body.critter._id);
    // Level 10 and affection 50: ready by its growth, but a parent waiting for its egg.
    await raiseCritter(world.server.db, id, 4050, 50);
    await world.server.db.rows(
      sql`update virtual_pet_critters set breeding_hatch_at = now() + interval '1 hour' where id = ${id}`,
    );

    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const sanctuary = new SanctuaryPage(page);
    await sanctuary.open();
    const card = sanctuary.critter('Sproutling');
    await card.expand();
    const condition = card.root.getByTestId('evolve-condition');
    const evolve = card.root.getByRole('button', { name: 'Evolve into Bloomback' });
    expect(await condition.innerText()).toMatch(/^Breeding: it can evolve once its egg hatches\./);
    expect(await condition.innerText()).not.toContain('ready!');
    expect(await evolve.isDisabled()).toBe(true);

    // The egg hatched (the parents' mark is cleared): ready, and the evolution goes through.
    await world.server.db.rows(
      sql`update virtual_pet_critters set breeding_hatch_at = null where id = ${id}`,
    );
    await sanctuary.open();
    await card.expand();
    await condition.filter({ hasText: 'ready!' }).waitFor();
    expect(await evolve.isEnabled()).toBe(true);
    await evolve.click();
    await new Toasts(page).waitFor('Sproutling evolved into Bloomback!');
  });
});
