import { randomUUID } from 'node:crypto';
import { newUser, type SignedUpUser } from '../../support/factories.js';
import type { RetryingClient } from './retrying-client.js';

/** A bet the players saw through to the end: created, accepted, both reports in (the creator won). */
export interface SettledBet {
  id: number;
  creatorId: string;
  opponentId: string;
}

export interface Play {
  /** Every bet whose creation was acknowledged (201), settled or not. */
  readonly created: number[];
  readonly settled: SettledBet[];
  /** Stops starting new rounds and waits for the rounds under way to finish. */
  stop(): Promise<void>;
}

export const PLAY_TITLE = 'Cluster round';
export const PLAY_STAKE_CENTS = 100;
/** A person's pause between two rounds, so 32 of them leave the 2-core machine room to restart instances. */
const THINK_MS = 250;

export async function signUpPlayers(baseUrl: string, count: number): Promise<SignedUpUser[]> {
  return Promise.all(Array.from({ length: count }, () => newUser({ url: baseUrl })));
}

/**
 * Every player runs rounds until stopped: challenge the next player in turn (a different one each round,
 * so each player's notifications come from many others at once), who looks at the bet and accepts it,
 * then both report the creator as the winner and the bet is paid. Each write has its own Idempotency-Key.
 */
export function startPlaying(players: SignedUpUser[], client: RetryingClient): Play {
  const created: number[] = [];
  const settled: SettledBet[] = [];
  let stopped = false;

  const round = async (me: SignedUpUser, them: SignedUpUser, n: number): Promise<void> => {
    const bet = await client.call<{ id: number }>('create', 'POST', '/api/bets', {
      token: me.token,
      key: randomUUID(),
      expect: 201,
      body: {
        opponentId: them.id,
        amount: (PLAY_STAKE_CENTS / 100).toFixed(2),
        title: `${PLAY_TITLE} ${n}`,
        outcomes: ['Heads', 'Tails'],
        duration: 168,
        creatorPick: 'Heads',
      },
    });
    if (!bet) return;
    created.push(bet.id);
    const path = `/api/bets/${bet.id}`;
    if (!(await client.call('view', 'GET', path, { token: them.token, expect: 200 }))) return;
    const accept = { token: them.token, key: randomUUID(), expect: 200, body: { opponentPick: 'Tails' } };
    if (!(await client.call('accept', 'POST', `${path}/accept`, accept))) return;
    const mine = { token: me.token, key: randomUUID(), expect: 200, body: { result: me.id } };
    if (!(await client.call('report', 'POST', `${path}/submit-result`, mine))) return;
    // "I lost": the other party's id; it agrees with the creator's report, so the bet is paid.
    const theirs = { token: them.token, key: randomUUID(), expect: 200, body: { result: me.id } };
    const paid = await client.call<{ status: string }>('report', 'POST', `${path}/submit-result`, theirs);
    if (paid?.status === 'completed') settled.push({ id: bet.id, creatorId: me.id, opponentId: them.id });
  };

  const player = async (index: number): Promise<void> => {
    for (let n = 0; !stopped; n += 1) {
      const opponent = players[(index + 1 + (n % (players.length - 1))) % players.length];
      const me = players[index];
      if (!me || !opponent) return;
      await round(me, opponent, n);
      await new Promise((resolve) => setTimeout(resolve, THINK_MS));
    }
  };

  const running = Promise.all(players.map((_, index) => player(index)));
  return {
    created,
    settled,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
