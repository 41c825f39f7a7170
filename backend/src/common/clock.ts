import { Injectable } from '@nestjs/common';

/** The current time, injected so tests can move it (suspension expiry, bet deadlines, TOTP). */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
