import type { Role } from '@teaminbox/contracts';
import { TEAM_NAME_MAX_LENGTH } from '@teaminbox/contracts';
import type { Decider } from '../../shared/decider';
import { DomainError } from '../../shared/domain-error';
import type { DomainEvent } from '../../shared/domain-event';

export const teamStreamId = (teamId: string) => `team-${teamId}`;

export const ALREADY_IN_TEAM_MESSAGE = 'You already belong to a team.';
export const TEAM_NAME_REQUIRED_MESSAGE = 'Team name is required';

export type CreateTeam = {
  type: 'CreateTeam';
  /** creatorTeamId: the creator's current team from the users read model (null when none). */
  data: { teamId: string; name: string; creatorId: string; creatorTeamId: string | null };
};
export type TeamCommand = CreateTeam;
export type TeamEvent = DomainEvent<'TeamCreated' | 'TeamMemberJoined'>;
export type TeamState =
  { status: 'absent' } | { status: 'created'; teamId: string; name: string; members: Record<string, Role> };

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  eventTypes: ['TeamCreated', 'TeamMemberJoined'],
  initialState: () => ({ status: 'absent' }),

  decide(command, state) {
    switch (command.type) {
      case 'CreateTeam': {
        const { teamId, creatorId, creatorTeamId } = command.data;
        const name = command.data.name.trim();
        if (!name) throw new DomainError('invalid', TEAM_NAME_REQUIRED_MESSAGE);
        if (name.length > TEAM_NAME_MAX_LENGTH) {
          throw new DomainError('invalid', `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`);
        }
        if (creatorTeamId !== null || state.status === 'created')
          throw new DomainError('conflict', ALREADY_IN_TEAM_MESSAGE);
        return [
          { type: 'TeamCreated', data: { teamId, name, createdBy: creatorId } },
          { type: 'TeamMemberJoined', data: { teamId, userId: creatorId, role: 'ADMIN' } },
        ];
      }
      default: {
        const unknown: never = command.type;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'TeamCreated':
        return { status: 'created', teamId: event.data.teamId, name: event.data.name, members: {} };
      case 'TeamMemberJoined':
        if (state.status !== 'created') return state;
        return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};
