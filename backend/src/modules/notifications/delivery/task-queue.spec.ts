import { TaskQueue } from './task-queue.js';

/** A task that runs until `finish()` is called. */
function controllable() {
  let finish: () => void = () => undefined;
  let started = false;
  const task = () => {
    started = true;
    return new Promise<void>((resolve) => (finish = resolve));
  };
  return { task, finish: () => finish(), started: () => started };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('TaskQueue', () => {
  it('runs at most `concurrency` tasks at once, the next as one finishes', async () => {
    const sut = new TaskQueue(2, 10);
    const tasks = [controllable(), controllable(), controllable()];
    for (const item of tasks) expect(sut.push(item.task)).toBe(true);
    expect(tasks.map((item) => item.started())).toEqual([true, true, false]);
    tasks[0]?.finish();
    await tick();
    expect(tasks[2]?.started()).toBe(true);
    expect(sut.size).toBe(2);
  });

  it('refuses tasks when `capacity` are already waiting', () => {
    const sut = new TaskQueue(1, 1);
    expect(sut.push(controllable().task)).toBe(true); // running
    expect(sut.push(controllable().task)).toBe(true); // waiting
    expect(sut.push(controllable().task)).toBe(false);
    expect(sut.size).toBe(2);
  });

  it('goes on after a task fails, and says when it is idle', async () => {
    const sut = new TaskQueue(1, 10);
    const ran: string[] = [];
    sut.push(() => Promise.reject(new Error('refused')));
    sut.push(async () => {
      ran.push('second');
      await tick();
    });
    await sut.idle();
    expect(ran).toEqual(['second']);
    expect(sut.size).toBe(0);
    await expect(sut.idle()).resolves.toBeUndefined();
  });
});
