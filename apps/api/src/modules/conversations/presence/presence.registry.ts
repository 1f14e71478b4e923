import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { EmailPresence, Viewer } from '@teaminbox/contracts';

/** How long a join counts without a new one; clients re-join every 30 s while the email is open. */
export const PRESENCE_TTL_MS = 60_000;
const SWEEP_MS = 10_000;

interface Entry {
  teamId: string;
  viewer: Omit<Viewer, 'replying'>;
  replying: boolean;
  expiresAt: number;
}

/**
 * Who is viewing (and who is replying to) each email, in memory. Presence is not an event: it is ephemeral,
 * and a lost entry costs nothing but a missing avatar until the next heartbeat. An entry ends with leave, or
 * PRESENCE_TTL_MS after the last join (a closed tab stops its heartbeats). Every change is reported to
 * `onChange` with the email's viewers, so it can be pushed to the team.
 */
@Injectable()
export class PresenceRegistry implements OnModuleDestroy {
  private readonly byEmail = new Map<string, Map<string, Entry>>();
  private readonly sweeper: NodeJS.Timeout;
  onChange: (teamId: string, presence: EmailPresence) => void = () => undefined;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  join(teamId: string, emailId: string, viewer: Omit<Viewer, 'replying'>, now = Date.now()): EmailPresence {
    const viewers = this.byEmail.get(emailId) ?? new Map<string, Entry>();
    this.byEmail.set(emailId, viewers);
    const existing = viewers.get(viewer.userId);
    viewers.set(viewer.userId, {
      teamId,
      viewer,
      replying: existing?.replying ?? false,
      expiresAt: now + PRESENCE_TTL_MS,
    });
    return this.changed(teamId, emailId, !existing);
  }

  leave(teamId: string, emailId: string, userId: string): EmailPresence {
    const removed = this.byEmail.get(emailId)?.delete(userId) ?? false;
    return this.changed(teamId, emailId, removed);
  }

  /** The user left every email (their last socket closed). */
  leaveAll(userId: string): void {
    for (const [emailId, viewers] of [...this.byEmail]) {
      const entry = viewers.get(userId);
      if (entry && viewers.delete(userId)) this.changed(entry.teamId, emailId, true);
    }
  }

  replying(teamId: string, emailId: string, viewer: Omit<Viewer, 'replying'>, replying: boolean): EmailPresence {
    this.join(teamId, emailId, viewer);
    const entry = this.byEmail.get(emailId)!.get(viewer.userId)!;
    const changed = entry.replying !== replying;
    entry.replying = replying;
    return this.changed(teamId, emailId, changed);
  }

  presence(emailId: string): EmailPresence {
    const viewers = [...(this.byEmail.get(emailId)?.values() ?? [])].map((entry) => ({
      ...entry.viewer,
      replying: entry.replying,
    }));
    return { emailId, userIds: viewers.map((v) => v.userId), viewers };
  }

  /** Drops expired entries; returns how many. */
  sweep(now = Date.now()): number {
    let dropped = 0;
    for (const [emailId, viewers] of this.byEmail) {
      let teamId: string | null = null;
      for (const [userId, entry] of viewers) {
        if (entry.expiresAt > now) continue;
        viewers.delete(userId);
        teamId = entry.teamId;
        dropped++;
      }
      if (teamId) this.changed(teamId, emailId, true);
    }
    return dropped;
  }

  private changed(teamId: string, emailId: string, notify: boolean): EmailPresence {
    const presence = this.presence(emailId);
    if (presence.viewers.length === 0) this.byEmail.delete(emailId);
    if (notify) this.onChange(teamId, presence);
    return presence;
  }
}
