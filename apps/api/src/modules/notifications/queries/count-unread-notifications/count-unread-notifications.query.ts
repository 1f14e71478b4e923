import { Query } from '@nestjs/cqrs';

export class CountUnreadNotificationsQuery extends Query<number> {
  constructor(readonly userId: string) {
    super();
  }
}
