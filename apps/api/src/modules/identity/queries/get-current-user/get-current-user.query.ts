import { Query } from '@nestjs/cqrs';
import type { CurrentUser } from '@teaminbox/contracts';

export class GetCurrentUserQuery extends Query<CurrentUser | null> {
  constructor(readonly userId: string) {
    super();
  }
}
