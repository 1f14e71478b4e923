import { Query } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';

/** A team's labels (all, the default ones or the users' own), default ones first, then by name. */
export class ListLabelsQuery extends Query<Label[]> {
  constructor(
    readonly teamId: string,
    readonly which: 'all' | 'default' | 'user' = 'all',
  ) {
    super();
  }
}
