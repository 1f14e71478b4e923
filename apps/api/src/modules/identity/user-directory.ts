import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { ERASED_TEXT, type TeamMember } from '@teaminbox/contracts';
import type { Repository } from 'typeorm';
import { type UserSession, UserSessions } from '../../platform/auth/user-sessions';
import { normalizeEmail } from './domain/user.decider';
import { displayName, UserReadModel } from './projections/users/users.read-model';

/**
 * An account whose personal data was erased (its address reads "[erased]"): it can no longer sign in, by password or
 * login link, and its sessions end; it stays a member by id so that the history of who did what holds.
 */
export const isErasedAccount = (user: { email: string }): boolean => user.email === ERASED_TEXT;

export interface DirectoryUser {
  id: string;
  email: string;
  teamId: string | null;
  sessionVersion: number;
  /** A login link sent to the address was used, or an invitation sent to it accepted (see docs/identity.md). */
  emailProven: boolean;
}

/** Read access to the users read model for other contexts: accounts, team members and sessions. */
@Injectable()
export class UserDirectory implements UserSessions {
  constructor(@InjectRepository(UserReadModel) private readonly users: Repository<UserReadModel>) {}

  /** The user's session version, team and role: what every authenticated call checks and is attributed to. */
  async sessionOf(userId: string): Promise<UserSession | null> {
    const user = await this.users.findOne({
      where: { id: userId },
      select: { id: true, email: true, sessionVersion: true, teamId: true, role: true },
    });
    if (!user || isErasedAccount(user)) return null;
    return { version: user.sessionVersion, teamId: user.teamId, role: user.teamId ? (user.role ?? 'MEMBER') : null };
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

  async byId(userId: string): Promise<DirectoryUser | null> {
    return this.toDirectoryUser(await this.users.findOne({ where: { id: userId } }));
  }

  /** The account with this address (an erased account has none any more). */
  async byEmail(email: string): Promise<DirectoryUser | null> {
    const address = normalizeEmail(email);
    if (address === ERASED_TEXT) return null;
    return this.toDirectoryUser(await this.users.findOne({ where: { email: address } }));
  }

  private toDirectoryUser(user: UserReadModel | null): DirectoryUser | null {
    return user
      ? {
          id: user.id,
          email: user.email,
          teamId: user.teamId,
          sessionVersion: user.sessionVersion,
          emailProven: user.emailProvenAt !== null,
        }
      : null;
  }
}
