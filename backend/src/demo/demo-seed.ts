import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthService } from '../modules/auth/index.js';
import { BetReportsService, BetsService } from '../modules/bets/index.js';
import { User } from '../modules/users/index.js';

export const DEMO_PASSWORD = 'Demo@1234';

interface DemoPerson {
  firstName: string;
  lastName: string;
  username: string;
  state: string;
  admin?: boolean;
}

const PEOPLE: DemoPerson[] = [
  { firstName: 'Ada', lastName: 'Admin', username: 'demo_admin', state: 'California', admin: true },
  { firstName: 'Maya', lastName: 'Lopez', username: 'demo_maya', state: 'Texas' },
  { firstName: 'Noah', lastName: 'Kim', username: 'demo_noah', state: 'Oregon' },
  { firstName: 'Ivy', lastName: 'Chen', username: 'demo_ivy', state: 'New York' },
];

export interface DemoCredentials {
  username: string;
  email: string;
  password: string;
  admin: boolean;
}

/**
 * Seeds a few people, friendships and bets in every state through the real services (so the ledger and
 * activities are exactly what the app would have written). Idempotent: does nothing if demo users exist.
 */
export async function seedDemo(app: INestApplicationContext): Promise<DemoCredentials[]> {
  const dataSource = app.get(DataSource);
  const auth = app.get(AuthService);
  const bets = app.get(BetsService);
  const reports = app.get(BetReportsService);
  const credentials = PEOPLE.map((person) => ({
    username: person.username,
    email: `${person.username}@demo.betwixt.test`,
    password: DEMO_PASSWORD,
    admin: person.admin === true,
  }));
  const existing = await dataSource.getRepository(User).count({ where: { username: PEOPLE[0]?.username } });
  if (existing > 0) return credentials;

  const ids: string[] = [];
  for (const person of PEOPLE) {
    const { user } = await auth.signup({
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${person.username}@demo.betwixt.test`,
      username: person.username,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      birthday: '1991-06-15',
      state: person.state,
    });
    ids.push(user.id);
  }
  const [admin, maya, noah, ivy] = ids as [string, string, string, string];
  await dataSource.getRepository(User).update({ id: admin }, { isAdmin: true });
  for (const [a, b] of [
    [maya, noah],
    [maya, ivy],
    [noah, ivy],
  ] as const) {
    await dataSource.query(
      `INSERT INTO friendships ("requesterId", "addresseeId", status) VALUES ($1, $2, 'accepted')`,
      [a, b],
    );
  }

  const bet = (creator: string, opponent: string, title: string, amount: string, outcomes: string[]) =>
    bets.create(creator, {
      opponentId: opponent,
      title,
      amount,
      outcomes,
      duration: 168,
      creatorPick: outcomes[0] ?? '',
    });

  // pending, waiting for Noah
  await bet(maya, noah, 'Will it snow in Austin this winter?', '15.00', ['Yes', 'No']);
  // active
  const active = await bet(noah, maya, 'Who finishes the marathon faster?', '25.00', ['Noah', 'Maya']);
  await bets.accept(maya, active.id, 'Maya');
  // completed, Maya won
  const won = await bet(maya, ivy, 'Lakers win tonight?', '40.00', ['Lakers', 'Celtics']);
  await bets.accept(ivy, won.id, 'Celtics');
  await reports.submitResult(maya, won.id, maya, false);
  await reports.submitResult(ivy, won.id, maya, false);
  // completed as a draw
  const draw = await bet(ivy, noah, 'Rain on Saturday?', '10.00', ['Rain', 'Dry', 'Drizzle']);
  await bets.accept(noah, draw.id, 'Dry');
  await reports.submitResult(ivy, draw.id, 'NO_CLEAR_OUTCOME', false);
  await reports.submitResult(noah, draw.id, 'NO_CLEAR_OUTCOME', false);
  // disputed, for the admin
  const disputed = await bet(noah, ivy, 'Pizza place opens by Friday?', '30.00', ['Opens', 'Delayed']);
  await bets.accept(ivy, disputed.id, 'Delayed');
  await reports.submitResult(noah, disputed.id, noah, false);
  await reports.submitResult(ivy, disputed.id, ivy, true);
  // declined and cancelled
  const declined = await bet(ivy, maya, 'Coffee or tea at the office?', '5.00', ['Coffee', 'Tea']);
  await bets.decline(maya, declined.id);
  const cancelled = await bet(noah, maya, 'Bike to work every day this week?', '8.00', ['Yes', 'No']);
  await bets.cancel(noah, cancelled.id);
  return credentials;
}
