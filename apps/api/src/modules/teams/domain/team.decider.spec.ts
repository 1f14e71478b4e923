import { DomainError } from '../../shared/domain-error';
import { deciderSpecification } from '../../shared/decider-specification';
import { ALREADY_IN_TEAM_MESSAGE, teamDecider, TEAM_NAME_REQUIRED_MESSAGE } from './team.decider';

const spec = deciderSpecification(teamDecider);
const create = (name: string, creatorTeamId: string | null = null) =>
  ({ type: 'CreateTeam', data: { teamId: 't1', name, creatorId: 'u1', creatorTeamId } }) as const;
const errorOf = (kind: DomainError['kind'], message: string) => (error: unknown) =>
  error instanceof DomainError && error.kind === kind && error.message === message;

describe('team decider', () => {
  it('creates a team with its creator as ADMIN', () => {
    spec
      .given([])
      .when(create('  Support  '))
      .then([
        { type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } },
        { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'u1', role: 'ADMIN' } },
      ]);
  });

  it('refuses a blank name', () => {
    spec.given([]).when(create('   ')).thenThrows(errorOf('invalid', TEAM_NAME_REQUIRED_MESSAGE));
  });

  it('refuses a creator who already has a team', () => {
    spec.given([]).when(create('Support', 'other')).thenThrows(errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  it('refuses to create the same team twice', () => {
    spec
      .given([{ type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } }])
      .when(create('Support'))
      .thenThrows(errorOf('conflict', ALREADY_IN_TEAM_MESSAGE));
  });

  it('tracks members in its state', () => {
    const state = [
      { type: 'TeamCreated', data: { teamId: 't1', name: 'Support', createdBy: 'u1' } },
      { type: 'TeamMemberJoined', data: { teamId: 't1', userId: 'u1', role: 'ADMIN' } },
    ].reduce(teamDecider.evolve as never, teamDecider.initialState());
    expect(state).toEqual({ status: 'created', teamId: 't1', name: 'Support', members: { u1: 'ADMIN' } });
  });
});
