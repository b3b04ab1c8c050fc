import { expect } from 'vitest';
import type { CreateTaskBody } from '../../../shared/api/tasks';
import type { TestServer, TestUser } from '../../testing/harness';
import { createBet, optionId } from '../bets/builders';
import { callRoute } from '../../testing/callRoute';

/** Test builder: a task created through the admin route; returns its id. */
export async function createTask(
  server: TestServer,
  admin: TestUser,
  fields: Partial<CreateTaskBody> = {},
): Promise<string> {
  const body: CreateTaskBody = {
    title: 'Task',
    description: 'Do it',
    reward: 50,
    type: 'daily',
    goalType: 'logins',
    goalAmount: 1,
    emoji: '⭐',
    ...fields,
  };
  const res = await callRoute(server, 'POST /api/tasks/create', { token: admin.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body._id;
}

/** Test builder: `user` places a wager of `amount` on a fresh bet; returns the bet and its options. */
export async function placeWager(server: TestServer, admin: TestUser, user: TestUser, amount = 10) {
  const bet = await createBet(server, admin);
  const res = await callRoute(server, 'POST /api/bets/predict', {
    token: user.token,
    body: { betId: bet._id, choice: 'Yes', amount },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return { bet, yes: optionId(bet, 'Yes') };
}

/** Test builder: a wager of `user` that wins (the bet is settled on its option). */
export async function winWager(
  server: TestServer,
  admin: TestUser,
  user: TestUser,
  amount = 10,
): Promise<void> {
  const { bet, yes } = await placeWager(server, admin, user, amount);
  const res = await callRoute(server, 'POST /api/bets/finalize', {
    token: admin.token,
    body: { betId: bet._id, optionId: yes },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
