/** mulberry32: a tiny deterministic PRNG so a failing race can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = copy[i];
    copy[i] = copy[j]!;
    copy[j] = swap!;
  }
  return copy;
}

/** Starts every task after a random few milliseconds so their requests interleave differently per seed. */
export function jittered<T>(tasks: (() => Promise<T>)[], random: () => number): Promise<T[]> {
  const delay = () => new Promise<void>((resolve) => setTimeout(resolve, Math.floor(random() * 5)));
  return Promise.all(tasks.map(async (task) => delay().then(task)));
}
