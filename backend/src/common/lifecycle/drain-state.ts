import { Global, Injectable, Module } from '@nestjs/common';

/**
 * Where this instance is in a graceful shutdown. `draining`: health answers 503 `draining` so the load
 * balancer sends new requests elsewhere, while requests already routed here are still served.
 * `closing`: live streams are told to reconnect (elsewhere) and new ones are refused the same way.
 */
@Injectable()
export class DrainState {
  draining = false;
  closing = false;
}

@Global()
@Module({ providers: [DrainState], exports: [DrainState] })
export class LifecycleModule {}
