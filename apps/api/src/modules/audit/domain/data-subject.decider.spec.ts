import { dataSubjectDecider, type DataSubjectEvent, type EraseDataSubject } from './data-subject.decider';

const TEAM = '0190a000-0000-7000-8000-000000000001';
const OTHER_TEAM = '0190a000-0000-7000-8000-000000000002';
const erase = (keyIds: string[], teamId = TEAM): EraseDataSubject => ({
  type: 'EraseDataSubject',
  teamId,
  subjectId: 'subject-1',
  keyIds,
});
const erased = (keyIds: string[]): DataSubjectEvent => ({
  type: 'DataSubjectErased',
  data: { teamId: TEAM, subjectId: 'subject-1', keyIds },
});
const given = (events: DataSubjectEvent[]) =>
  events.reduce(dataSubjectDecider.evolve, dataSubjectDecider.initialState());

describe('dataSubjectDecider', () => {
  it('erases the keys the subject has', () => {
    expect(dataSubjectDecider.decide(erase(['k1']), given([]))).toEqual([erased(['k1'])]);
  });

  it('appends nothing when every key was erased before, and only the new keys otherwise', () => {
    const state = given([erased(['k1'])]);
    expect(dataSubjectDecider.decide(erase(['k1']), state)).toEqual([]);
    expect(dataSubjectDecider.decide(erase(['k1', 'k2']), state)).toEqual([erased(['k2'])]);
  });

  it("does not act on another team's subject", () => {
    expect(dataSubjectDecider.decide(erase(['k2'], OTHER_TEAM), given([erased(['k1'])]))).toEqual([]);
  });
});

describe('dataSubjectDecider with the account', () => {
  const account = (keyIds: string[]) => ({ subjectId: 'account-1', keyIds });

  it("erases the person's account with the team's subject, and the account alone when the team keeps no key", () => {
    expect(dataSubjectDecider.decide({ ...erase(['k1']), account: account(['a1']) }, given([]))).toEqual([
      {
        type: 'DataSubjectErased',
        data: { teamId: TEAM, subjectId: 'subject-1', keyIds: ['k1'], account: account(['a1']) },
      },
    ]);
    expect(dataSubjectDecider.decide({ ...erase([]), account: account(['a1']) }, given([]))).toEqual([
      {
        type: 'DataSubjectErased',
        data: { teamId: TEAM, subjectId: 'subject-1', keyIds: [], account: account(['a1']) },
      },
    ]);
  });

  it('does not name the account again once its keys were erased', () => {
    const state = given([
      {
        type: 'DataSubjectErased',
        data: { teamId: TEAM, subjectId: 'subject-1', keyIds: [], account: account(['a1']) },
      },
    ]);
    expect(dataSubjectDecider.decide({ ...erase([]), account: account(['a1']) }, state)).toEqual([]);
    expect(dataSubjectDecider.decide({ ...erase(['k2']), account: account(['a1']) }, state)).toEqual([erased(['k2'])]);
  });
});
