import type { EventStore, StoredEvent } from '../../../platform/event-store/event-store.port';
import type { EventSourcedRepository } from '../../../platform/event-sourcing';
import type { ProjectionRunner } from '../../../platform/projections/projection-runner';
import type { LiveNotifications } from './live-notifications';
import type { HeldNotifications } from './held-notifications';
import { NotifyRecipientsProcessManager } from './notify-recipients.process-manager';
import type { RecipientDirectory } from './recipient-directory';

const THREAD = 'email-thread';
const INBOX = 'inbox-email';
const team = '0b0c6f3e-7f6a-4f0e-9a51-6d1f3f0a2b11';

let position = 0n;
function received(teamId: string, firstSync = false): StoredEvent {
  position += 1n;
  const emailId = `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
  return {
    eventId: `event-${position}`,
    streamId: `email-${emailId}`,
    streamVersion: 1,
    type: 'EmailReceived',
    data: {
      teamId,
      emailId,
      subject: 'Hi',
      fromName: null,
      fromEmail: 'a@example.com',
      ...(firstSync ? { firstSync } : {}),
    },
    metadata: { actorUserId: null, teamId, correlationId: 'c', causationId: null, occurredAt: '' },
    position: { commit: position, prepare: position },
    recordedAt: new Date(),
  };
}

const managers: NotifyRecipientsProcessManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.onModuleDestroy()));
});

/** The process manager on fakes: what it waits for, given which teams mute emails or suppress by rule. */
function processManager(holdingBack: { muting?: string[]; suppressing?: string[] }) {
  const waited: string[] = [];
  const reads: string[] = [];
  const holds: string[] = [];
  const runner = {
    waitFor: async (_position: unknown, names: string[]) => {
      waited.push(...names);
      return true;
    },
  };
  const directory = {
    holdingBack: async () => {
      reads.push('holdingBack');
      return { muting: new Set(holdingBack.muting ?? []) };
    },
    emailsOf: async () => new Map(),
    membersOf: async (teamIds: string[]) => new Map(teamIds.map((id) => [id, new Map()])),
    mutedOf: async (refs: unknown[]) => {
      if (refs.length > 0) reads.push('mutedOf');
      return new Set<string>();
    },
  };
  /** Notifications' own view of the rules: one enabled rule that suppresses notifications per team of `suppressing`. */
  const held = {
    rulesOf: async (teamIds: string[]) =>
      new Map(
        (holdingBack.suppressing ?? [])
          .filter((teamId) => teamIds.includes(teamId))
          .map((teamId) => [`rule-${teamId}`, { ruleId: `rule-${teamId}`, teamId, enabled: true, suppressing: true }]),
      ),
    saveRules: async () => undefined,
    hold: async (rows: { emailId: string }[]) => {
      holds.push(...rows.map((row) => row.emailId));
    },
  };
  const manager = new NotifyRecipientsProcessManager(
    runner as unknown as ProjectionRunner,
    {} as EventSourcedRepository,
    directory as unknown as RecipientDirectory,
    { push: () => 0 } as unknown as LiveNotifications,
    held as unknown as HeldNotifications,
    {} as EventStore,
  );
  managers.push(manager);
  return { manager, waited, reads, holds };
}

describe('the notification process manager, before it decides', () => {
  it('waits for nothing when nobody in the team muted an email and no rule suppresses notifications', async () => {
    const { manager, waited } = processManager({});
    await manager.afterCommit([received(team), received(team)]);
    expect(waited).toEqual([]);
  });

  it("waits for the new mail's conversations when someone in its team muted an email", async () => {
    const { manager, waited } = processManager({ muting: [team] });
    await manager.afterCommit([received(team)]);
    expect(waited).toEqual([THREAD]);
  });

  it('holds the new mail of a team with an enabled rule that suppresses notifications, waiting for nothing', async () => {
    const { manager, waited, reads, holds } = processManager({ suppressing: [team] });
    const email = received(team);
    await manager.afterCommit([email, received('another-team')]);
    expect(holds).toEqual([(email.data as { emailId: string }).emailId]);
    expect(waited).toEqual([]);
    expect(reads).toEqual(['holdingBack']);
  });

  it("waits for neither for another team's mail, and neither reads nor waits for a first synchronisation's old mail", async () => {
    const { manager, waited, reads, holds } = processManager({
      muting: ['another-team'],
      suppressing: ['another-team'],
    });
    await manager.afterCommit([received(team)]);
    expect(waited).toEqual([]);
    expect(reads).toEqual(['holdingBack']);
    expect(holds).toEqual([]);
    const old = processManager({ muting: [team], suppressing: [team] });
    await old.manager.afterCommit([received(team, true), received(team, true)]);
    expect([...old.waited, ...old.reads, ...old.holds]).toEqual([]);
  });

  it('reads the mutes only of mail whose team muted something', async () => {
    const quiet = processManager({});
    await quiet.manager.afterCommit([received(team)]);
    expect(quiet.reads).not.toContain('mutedOf');
    const muting = processManager({ muting: [team] });
    await muting.manager.afterCommit([received(team)]);
    expect(muting.reads).toContain('mutedOf');
  });

  it('waits for the inbox for an assignment or a comment, whatever the team holds', async () => {
    const { manager, waited } = processManager({});
    const assigned = {
      ...received(team),
      type: 'EmailAssigned',
      data: { teamId: team, emailId: 'e', assignedTo: 'u' },
    };
    await manager.afterCommit([assigned]);
    expect(waited).toEqual([INBOX]);
  });
});
