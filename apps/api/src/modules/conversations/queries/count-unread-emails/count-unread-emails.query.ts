import { Query } from '@nestjs/cqrs';

export class CountUnreadEmailsQuery extends Query<number> {
  constructor(readonly userId: string) {
    super();
  }
}
