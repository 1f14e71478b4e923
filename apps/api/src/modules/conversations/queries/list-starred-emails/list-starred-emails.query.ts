import { Query } from '@nestjs/cqrs';
import type { TeamCaller } from '../../../../platform/auth';

/** Which of the given emails of the team the caller starred. */
export class ListStarredEmailsQuery extends Query<string[]> {
  constructor(
    readonly caller: TeamCaller,
    readonly emailIds: string[],
  ) {
    super();
  }
}
