import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Role, TeamMember } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { SessionVersions } from '../../platform/auth/session-versions';
import { SocketMemberships } from '../../platform/realtime/socket-memberships';
import { normalizeEmail } from './domain/user.decider';
import { displayName, UserReadModel } from './projections/users/users.read-model';

export interface Membership {
  teamId: string;
  role: Role;
}

export interface DirectoryUser {
  id: string;
  email: string;
  teamId: string | null;
  sessionVersion: number;
}

/** Read access to the users read model for other contexts: who is in which team, and session versions. */
@Injectable()
export class UserDirectory implements SocketMemberships, SessionVersions {
  constructor(@InjectRepository(UserReadModel) private readonly users: Repository<UserReadModel>) {}

  /** The caller's team, from the read model, never from the request. */
  async membershipOf(userId: string): Promise<Membership | null> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, teamId: true, role: true } });
    return user?.teamId ? { teamId: user.teamId, role: user.role ?? 'MEMBER' } : null;
  }

  async teamOf(userId: string): Promise<string | null> {
    return (await this.membershipOf(userId))?.teamId ?? null;
  }

  async membersOf(teamId: string): Promise<TeamMember[]> {
    const users = await this.users.find({ where: { teamId }, order: { registeredAt: 'ASC' } });
    return users.map((user) => ({
      id: user.id,
      name: displayName(user),
      email: user.email,
      role: user.role ?? 'MEMBER',
    }));
  }

  async currentVersion(userId: string): Promise<number | null> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, sessionVersion: true } });
    return user ? user.sessionVersion : null;
  }

  async passwordHashOf(userId: string): Promise<string | null> {
    const user = await this.users.findOne({ where: { id: userId }, select: { id: true, passwordHash: true } });
    return user?.passwordHash ?? null;
  }

  async byId(userId: string): Promise<DirectoryUser | null> {
    return this.toDirectoryUser(await this.users.findOne({ where: { id: userId } }));
  }

  async byEmail(email: string): Promise<DirectoryUser | null> {
    return this.toDirectoryUser(await this.users.findOne({ where: { email: normalizeEmail(email) } }));
  }

  private toDirectoryUser(user: UserReadModel | null): DirectoryUser | null {
    return user ? { id: user.id, email: user.email, teamId: user.teamId, sessionVersion: user.sessionVersion } : null;
  }
}
