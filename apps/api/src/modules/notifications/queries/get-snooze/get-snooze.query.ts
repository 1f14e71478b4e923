import { Query } from '@nestjs/cqrs';
import type { SnoozeState } from '@teaminbox/contracts';

export class GetSnoozeQuery extends Query<SnoozeState> {
  constructor(readonly userId: string) {
    super();
  }
}
