import type { TeamCaller } from '../../../../platform/auth';

/** Erase the personal data of the person with this address, within the caller's team (ADMIN). */
export class EraseDataSubjectCommand {
  constructor(
    readonly caller: TeamCaller,
    readonly email: string,
  ) {}
}
