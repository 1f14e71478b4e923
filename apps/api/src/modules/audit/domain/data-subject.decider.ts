import type { DataSubjectErased } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';

/** Stream of a data subject: a keyed hash of (team, address), never the address. */
export const dataSubjectStream = (subjectId: string) => `data-subject-${subjectId}`;

export interface EraseDataSubject {
  type: 'EraseDataSubject';
  teamId: string;
  subjectId: string;
  /** The subject's keys now. */
  keyIds: string[];
  /** The person's account, when the team may erase it (its subject in the account scope and its keys now). */
  account?: { subjectId: string; keyIds: string[] };
}

export type DataSubjectEvent = { type: 'DataSubjectErased'; data: DataSubjectErased };

export interface DataSubjectState {
  teamId: string | null;
  erasedKeyIds: ReadonlySet<string>;
}

/**
 * A data subject's erasures (with, when the team may erase it, the person's account): each one deletes the keys the subject has then (new mail after an erasure gets a new
 * key, which a later erasure deletes). Erasing keys already erased appends nothing; another team's subject is not
 * found (its stream names another team).
 */
export const dataSubjectDecider: Decider<EraseDataSubject, DataSubjectEvent, DataSubjectState> = {
  eventTypes: ['DataSubjectErased'],
  initialState: () => ({ teamId: null, erasedKeyIds: new Set() }),
  decide(command, state) {
    if (state.teamId !== null && state.teamId !== command.teamId) return [];
    const keyIds = command.keyIds.filter((id) => !state.erasedKeyIds.has(id));
    const accountKeyIds = (command.account?.keyIds ?? []).filter((id) => !state.erasedKeyIds.has(id));
    if (keyIds.length === 0 && accountKeyIds.length === 0) return [];
    const data: DataSubjectErased = { teamId: command.teamId, subjectId: command.subjectId, keyIds };
    if (command.account && accountKeyIds.length > 0)
      data.account = { subjectId: command.account.subjectId, keyIds: accountKeyIds };
    return [{ type: 'DataSubjectErased', data }];
  },
  evolve(state, event) {
    return {
      teamId: event.data.teamId,
      erasedKeyIds: new Set([...state.erasedKeyIds, ...event.data.keyIds, ...(event.data.account?.keyIds ?? [])]),
    };
  },
};
