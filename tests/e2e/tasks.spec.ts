import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBet } from '../../src/server/features/bets/builders';
import type { Locator } from 'playwright-core';
import { insertItem } from '../../src/server/features/store/builders';
import { startBuff } from '../../src/server/features/items/buffs';
import { balanceOf, call } from '../../src/server/testing/harness';
import { signInAs, startWorld, type World } from './support/world';
import { horizontalFit } from './support/helpers';
import { AdminPage } from './pages/AdminPage';
import { ModalDialog } from './pages/ModalDialog';
import { AchievementsPage, LeaderboardPage, TasksPage } from './pages/TasksPage';
import { Toasts } from './pages/Toasts';

let world: World;

beforeAll(async () => {
  world = await startWorld();
});

afterAll(async () => {
  await world?.close();
});

const stamp = () => Date.now().toString(36);

describe('tasks, achievements and the leaderboard in the browser', () => {
  it('admin creates a task and an achievement with the forms, and they appear', async () => {
    const admin = await world.admin();
    const adminTab = await world.newPage();
    await signInAs(adminTab, world.server, admin);
    await new AdminPage(adminTab).open();
    const taskTitle = `Bet twice ${stamp()}`;
    const taskForm = adminTab.getByRole('region', { name: 'Create Task' });
    await taskForm.getByLabel('Title', { exact: true }).fill(taskTitle);
    await taskForm.getByLabel('Description', { exact: true }).fill('Place two bets');
    await taskForm.getByLabel('Reward', { exact: true }).fill('40');
    await taskForm.getByLabel('Type', { exact: true }).selectOption('weekly');
    await taskForm.getByLabel('Goal type', { exact: true }).selectOption('betsPlaced');
    await taskForm.getByLabel('Goal amount', { exact: true }).fill('2');
    const dialog = new ModalDialog(adminTab);
    expect(
      await dialog.answer(
        () => taskForm.getByRole('button', { name: 'Create task' }).click(),
        'OK',
      ),
    ).toBe('Task created');
    const achTitle = `Sign-in fan ${stamp()}`;
    const achForm = adminTab.getByRole('region', { name: 'Create Achievement' });
    await achForm.getByLabel('Title', { exact: true }).fill(achTitle);
    await achForm.getByLabel('Description', { exact: true }).fill('Sign in once');
    await achForm.getByLabel('Criteria', { exact: true }).selectOption('logins');
    await achForm.getByLabel('Threshold', { exact: true }).fill('1');
    await achForm.getByLabel('Reward', { exact: true }).fill('30');
    expect(
      await dialog.answer(
        () => achForm.getByRole('button', { name: 'Create achievement' }).click(),
        'OK',
      ),
    ).toBe('Achievement created');

    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const tasks = new TasksPage(page);
    await tasks.open();
    await tasks.tab('Weekly');
    await tasks.task(taskTitle).waitFor();
    const achievements = new AchievementsPage(page);
    await achievements.open();
    await achievements.entry('Unclaimed', achTitle).waitFor();

    // The admin retires both from the panel; they leave the user's lists.
    const retire = adminTab.getByRole('region', { name: 'Tasks & Achievements' });
    expect(
      await dialog.answer(
        () => retire.getByRole('button', { name: `Retire ${taskTitle}`, exact: true }).click(),
        'Retire',
      ),
    ).toBe(`Retire ${taskTitle}?`);
    await retire
      .getByRole('button', { name: `Retire ${taskTitle}`, exact: true })
      .waitFor({ state: 'detached' });
    expect(
      await dialog.answer(
        () => retire.getByRole('button', { name: `Retire ${achTitle}`, exact: true }).click(),
        'Retire',
      ),
    ).toBe(`Retire ${achTitle}?`);
    await retire
      .getByRole('button', { name: `Retire ${achTitle}`, exact: true })
      .waitFor({ state: 'detached' });
    await tasks.open();
    await tasks.tab('Weekly');
    // Counted only once the list has loaded (a card or the empty text), so the check can fail.
    await page
      .getByTestId('task')
      .or(page.getByText('No weekly tasks left', { exact: false }))
      .first()
      .waitFor();
    expect(await tasks.task(taskTitle).count()).toBe(0);
    await achievements.open();
    await page.getByRole('region', { name: 'Unclaimed', exact: true }).waitFor();
    expect(await achievements.entry('Unclaimed', achTitle).count()).toBe(0);
  });

  it('completes a task after placing a wager: it leaves the list and the balance rises', async () => {
    const admin = await world.admin();
    const title = `Wager today ${stamp()}`;
    const made = await call<{ _id: string }>(world.server, 'POST', '/api/tasks/create', {
      token: admin.token,
      body: {
        title,
        description: 'Place a wager',
        reward: 60,
        type: 'daily',
        goalType: 'betsPlaced',
        goalAmount: 1,
        emoji: '🎲',
      },
    });
    expect(made.status).toBe(201);
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const tasks = new TasksPage(page);
    await tasks.open();
    expect(await tasks.complete(title).isDisabled()).toBe(true);
    await tasks.nextReset.waitFor();
    const bet = await createBet(world.server, admin);
    const placed = await call(world.server, 'POST', '/api/bets/predict', {
      token: user.token,
      body: { betId: bet._id, choice: 'Yes', amount: 10 },
    });
    expect(placed.status).toBe(200);
    await tasks.open();
    await tasks.complete(title).click();
    await new Toasts(page).waitFor(`Completed "${title}"! +60 coins`);
    await tasks.task(title).waitFor({ state: 'detached' });
    expect(await balanceOf(world.server, user.id)).toBe(1050);
  });

  it('claims an achievement', async () => {
    const admin = await world.admin();
    const title = `Welcome ${stamp()}`;
    const made = await call(world.server, 'POST', '/api/achievements/create', {
      token: admin.token,
      body: {
        title,
        description: 'Sign in',
        criteria: 'logins',
        threshold: 1,
        reward: 25,
        icon: '👋',
      },
    });
    expect(made.status).toBe(201);
    const user = await world.user();
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const achievements = new AchievementsPage(page);
    await achievements.open();
    await achievements.claim(title).click();
    await new Toasts(page).waitFor(`Claimed "${title}"! +25 coins`);
    await achievements.entry('Claimed', title).waitFor();
    expect(await balanceOf(world.server, user.id)).toBe(1025);
  });

  it('a running reward buff shows on the task and achievement cards the reward a claim pays', async () => {
    const admin = await world.admin();
    const [taskTitle, achTitle] = [`Buffed task ${stamp()}`, `Buffed feat ${stamp()}`];
    const task = await call(world.server, 'POST', '/api/tasks/create', {
      token: admin.token,
      body: {
        title: taskTitle,
        description: 'Sign in',
        reward: 25,
        type: 'daily',
        goalType: 'logins',
        goalAmount: 1,
      },
    });
    expect(task.status).toBe(201);
    const feat = await call(world.server, 'POST', '/api/achievements/create', {
      token: admin.token,
      body: {
        title: achTitle,
        description: 'Sign in',
        criteria: 'logins',
        threshold: 1,
        reward: 25,
      },
    });
    expect(feat.status).toBe(201);
    const user = await world.user();
    const item = await insertItem(world.server.db, {
      effectType: 'reward-multiplier',
      effectValue: 125,
      price: 100,
    });
    await startBuff(
      world.server.db,
      {
        userId: user.id,
        itemId: item.id,
        effectType: 'reward-multiplier',
        value: 125,
        itemPrice: 100,
      },
      new Date(),
    );
    const page = await world.newPage();
    await signInAs(page, world.server, user);
    const shown = async (card: Locator) => {
      const reward = card.getByTestId('reward');
      await reward.waitFor();
      return (await reward.textContent())?.replace(/\s+/g, ' ').trim();
    };

    const tasks = new TasksPage(page);
    await tasks.open();
    expect(await shown(tasks.task(taskTitle))).toBe('+31 (25 × 1.25 reward buff)');
    await tasks.complete(taskTitle).click();
    await new Toasts(page).waitFor(`Completed "${taskTitle}"! +31 coins`);

    const achievements = new AchievementsPage(page);
    await achievements.open();
    expect(await shown(achievements.entry('Unclaimed', achTitle))).toBe(
      '+31 (25 × 1.25 reward buff)',
    );
    await achievements.claim(achTitle).click();
    await new Toasts(page).waitFor(`Claimed "${achTitle}"! +31 coins`);
    // Claimed, it shows the reward it was created with.
    expect(await shown(achievements.entry('Claimed', achTitle))).toBe('+25');
    expect(await balanceOf(world.server, user.id)).toBe(1062);
  });

  it('sorts the leaderboard and links rows to profiles; game tables show their empty state', async () => {
    const [rich, winner] = [await world.user(), await world.user()];
    const admin = await world.admin();
    expect(
      (
        await call(world.server, 'PATCH', `/api/admin/balance/${rich.username}`, {
          token: admin.token,
          body: { amount: 900_000 },
        })
      ).status,
    ).toBe(200);
    await world.server.db.rows(sql`update users set bets_won = 999 where id = ${winner.id}`);
    const hat = await insertItem(world.server.db, {
      name: `Board hat ${stamp()}`,
      type: 'cosmetic',
      effectType: 'cosmetic',
      effectValue: 100,
      price: 10,
    });
    expect(
      (
        await call(world.server, 'POST', '/api/store/purchase', {
          token: rich.token,
          body: { itemId: hat.id },
        })
      ).status,
    ).toBe(200);
    const page = await world.newPage();
    await signInAs(page, world.server, rich);
    const board = new LeaderboardPage(page);
    await board.open();
    expect((await board.usernames())[0]).toBe(rich.username);
    // The cosmetic shows beside the name, as on the home page's top players.
    const richRow = page.locator(
      `[data-testid="leaderboard-row"][data-username="${rich.username}"]`,
    );
    expect(await richRow.getByTestId('cosmetic-mark').getAttribute('title')).toMatch(/^Board hat /);
    expect(
      await page
        .locator(`[data-testid="leaderboard-row"][data-username="${winner.username}"]`)
        .getByTestId('cosmetic-mark')
        .count(),
    ).toBe(0);
    await board.sort.selectOption('wins');
    await page.waitForFunction(
      (name) =>
        document.querySelector('[data-testid="leaderboard-row"]')?.getAttribute('data-username') ===
        name,
      winner.username,
    );
    expect(
      await page.getByRole('link', { name: winner.username }).first().getAttribute('href'),
    ).toBe(`/profile/${winner.username}`);
    await page.getByText('No duels played yet.').waitFor();
    await page.getByText('No puzzles solved yet.').waitFor();
  });

  it('the three pages fit a 390 px phone', async () => {
    const user = await world.user();
    const page = await world.newPage({ width: 390, height: 844 });
    await signInAs(page, world.server, user);
    for (const open of [
      () => new TasksPage(page).open(),
      () => new AchievementsPage(page).open(),
      () => new LeaderboardPage(page).open(),
    ]) {
      await open();
      const fit = await horizontalFit(page);
      expect(fit.scrollWidth).toBeLessThanOrEqual(390);
      expect(fit.overflowing).toEqual([]);
    }
  });
});
