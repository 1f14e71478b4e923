import { HttpException, HttpStatus } from '@nestjs/common';
import type { InvitationResponse } from '@teaminbox/contracts';
import { INVITATION_EXPIRED_MESSAGE } from './domain/team.decider';

/**
 * The answer for an invitation that cannot be used: 404 for a malformed or unknown token (also the
 * token of a re-sent invitation's older link: only the latest hash is kept), 410 for one that
 * expired, was used or was deleted.
 */
export function invitationUnavailable(known: boolean): HttpException {
  const status = known ? HttpStatus.GONE : HttpStatus.NOT_FOUND;
  const body: InvitationResponse & { statusCode: number } = {
    success: false,
    message: INVITATION_EXPIRED_MESSAGE,
    flag: 0,
    statusCode: status,
  };
  return new HttpException(body, status);
}
