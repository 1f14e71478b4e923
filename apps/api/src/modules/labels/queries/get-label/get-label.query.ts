import { Query } from '@nestjs/cqrs';
import type { Label } from '@teaminbox/contracts';

/** One label of the team; 404 for another team's or a deleted one. */
export class GetLabelQuery extends Query<Label> {
  constructor(
    readonly teamId: string,
    readonly labelId: string,
  ) {
    super();
  }
}
