import { Injectable } from '@nestjs/common';

/**
 * The time that expiries of login links, invitations and link sessions are checked against.
 * One injectable source, so integration tests can move it forward instead of waiting.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
