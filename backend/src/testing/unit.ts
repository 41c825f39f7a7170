import 'reflect-metadata';
import { Clock } from '../common/clock.js';
import { Transactor, type Tx } from '../database/transactor.js';

/**
 * The unit tier's kit (docs/testing.md): a service built with fakes of everything it injects, immich's `sut`
 * style, so a rule is tested in milliseconds without PostgreSQL or a Nest app. The integration tests on a
 * real database stay the proof of the SQL, the locks and the races; these prove the decisions.
 */

/** The transaction a fake Transactor hands out: a token the repositories' fakes receive. */
export const TX = { fakeTransaction: true } as unknown as Tx;

/** Runs each use case at once with `TX`, and counts them (one use case, one transaction; reads apart). */
export class FakeTransactor extends Transactor {
  runs = 0;
  reads = 0;

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    this.runs++;
    return work(TX);
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    this.reads++;
    return work(TX);
  }
}

/** A clock standing still at `at` (tests move it by assigning `clock.at`). */
export function fixedClock(at = new Date('2026-03-01T12:00:00Z')): Clock & { at: Date } {
  return {
    at,
    now() {
      return new Date(this.at.getTime());
    },
  };
}

type Class<T> = abstract new (...args: never[]) => T;

/** Every method of `type` (and its base classes) as a `jest.fn()` that resolves to undefined until told. */
export function automock<T extends object>(type: Class<T>): jest.Mocked<T> {
  const mock: Record<string, jest.Mock> = {};
  for (let proto: object | null = type.prototype as object; proto && proto !== Object.prototype;) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value: unknown = Object.getOwnPropertyDescriptor(proto, name)?.value;
      if (name !== 'constructor' && !(name in mock) && typeof value === 'function') mock[name] = jest.fn();
    }
    proto = Object.getPrototypeOf(proto) as object | null;
  }
  return mock as unknown as jest.Mocked<T>;
}

export interface TestService<S> {
  sut: S;
  /** The fake given for one of the service's dependencies. */
  mock<T extends object>(type: Class<T>): jest.Mocked<T>;
  transactor: FakeTransactor;
  clock: Clock & { at: Date };
}

/**
 * `new Service(...)` with its constructor's dependencies (read from the decorator metadata Nest uses):
 * each one given in `real` is used as is, `Transactor` is a FakeTransactor, `Clock` a fixedClock, and
 * every other one an automock.
 */
export function newTestService<S>(
  type: new (...args: never[]) => S,
  real: [Class<object>, object][] = [],
): TestService<S> {
  const transactor = new FakeTransactor();
  const clock = fixedClock();
  const given = new Map<unknown, object>(real);
  const mocks = new Map<unknown, object>();
  const parameterTypes = (Reflect.getMetadata('design:paramtypes', type) ?? []) as Class<object>[];
  const args = parameterTypes.map((parameter) => {
    if (given.has(parameter)) return given.get(parameter);
    if (parameter === Transactor) return transactor;
    if (parameter === Clock) return clock;
    const fake = automock(parameter);
    mocks.set(parameter, fake);
    return fake;
  });
  const sut = new type(...(args as never[]));
  return {
    sut,
    transactor,
    clock,
    mock<T extends object>(dependency: Class<T>): jest.Mocked<T> {
      const fake = mocks.get(dependency);
      if (!fake) throw new Error(`${dependency.name} is not a mocked dependency of ${type.name}`);
      return fake as jest.Mocked<T>;
    },
  };
}
