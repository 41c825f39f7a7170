import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth-user.js';
import type { IdempotentCall, IdempotentRequests } from './idempotent-requests.js';

/** Set on every `@Idempotent()` handler, for the test that lists the money routes. */
export const IDEMPOTENT_ROUTE = 'betwixt:idempotent-route';

/** A controller with `@Idempotent()` routes holds the service that runs them (constructor-injected). */
export interface IdempotentController {
  readonly idempotency: IdempotentRequests;
}

/** A route handler, whatever its parameters (every function is assignable to this). */
type Handler = (...args: never[]) => Promise<unknown>;

/** The request and reply, as one more argument Nest hands the handler (read by the wrapper only). */
const CallOf = createParamDecorator((_data: unknown, context: ExecutionContext): IdempotentCall => ({
  request: context.switchToHttp().getRequest<AuthenticatedRequest>(),
  reply: context.switchToHttp().getResponse<FastifyReply>(),
}));

const IDEMPOTENCY_KEY_HEADER = ApiHeader({
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional, 1–128 visible ASCII characters, unique per attempt of one action (e.g. a UUID). The ' +
    'first request with a key runs and its answer (success or refusal) is kept for 24 hours; a retry ' +
    'with the same key gets that answer again without running twice, also after a crash or a lost ' +
    'connection. The same key with a different request: 409 `idempotency_key_reused`; a retry while ' +
    'the first is still running waits for its answer (409 `idempotency_in_progress` after 5 s). A ' +
    'request refused by validation (400 before the action runs) does not use up its key.',
});

/**
 * Marks a route that moves money: it accepts an `Idempotency-Key` header (IdempotentRequests says what
 * that guarantees), and the OpenAPI document says so.
 *
 * It wraps the handler rather than binding a Nest interceptor. Nest runs a route with any interceptor
 * through rxjs (observables, deferred subscriptions, two async scopes bound per request), which cost about
 * 40 µs of every bet write on the perf profile, keys or not, while a request without a key (nearly all of
 * them) needs nothing at all. The wrapper asks Nest for one more argument, the request and reply, and calls
 * the handler straight through when there is no key. Nest and Swagger read a route's settings from the
 * handler function, so the ones set on it before this decorator ran are copied onto the wrapper.
 */
export function Idempotent() {
  return <Controller extends IdempotentController, Route extends Handler>(
    target: Controller,
    name: string | symbol,
    descriptor: TypedPropertyDescriptor<Route>,
  ): void => {
    const handler = descriptor.value;
    if (!handler) throw new Error(`@Idempotent() is for methods (${String(name)})`);
    const declared = (Reflect.getMetadata('design:paramtypes', target, name) as unknown[] | undefined) ?? [];
    const callAt = declared.length;
    CallOf()(target, name, callAt);
    const wrapper = function (this: IdempotentController, ...args: unknown[]) {
      return this.idempotency.run(args[callAt] as IdempotentCall, () => handler.apply(this, args as never[]));
    } as unknown as Route;
    for (const key of Reflect.getMetadataKeys(handler) as unknown[]) {
      Reflect.defineMetadata(key, Reflect.getMetadata(key, handler), wrapper);
    }
    Object.defineProperty(wrapper, 'name', { value: handler.name });
    descriptor.value = wrapper;
    SetMetadata(IDEMPOTENT_ROUTE, true)(target, name, descriptor);
    IDEMPOTENCY_KEY_HEADER(target, name, descriptor);
  };
}
