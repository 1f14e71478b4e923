import { Query } from '@nestjs/cqrs';
import type { SlaPolicies } from '@teaminbox/contracts';

/** The team's SLA policies in the order they are tried; none (version 0) until the first is created. */
export class ListSlaPoliciesQuery extends Query<SlaPolicies> {
  constructor(readonly teamId: string) {
    super();
  }
}
