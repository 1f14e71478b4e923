import { z } from 'zod';
import { DomainError } from '../event-sourcing/domain-error';

const UUID = z.uuid();

/** A path id that must be a uuid: a malformed one names nothing of the caller's team, so it answers 404. */
export function uuidOr404(value: string, message: string): string {
  if (!UUID.safeParse(value).success) throw new DomainError('not-found', message);
  return value;
}
