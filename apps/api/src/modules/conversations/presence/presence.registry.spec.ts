import type { EmailPresence } from '@teaminbox/contracts';
import { PRESENCE_TTL_MS, PresenceRegistry } from './presence.registry';

describe('presence registry', () => {
  const ann = { userId: 'u1', name: 'Ann', email: 'ann@example.com' };
  const bob = { userId: 'u2', name: null, email: 'bob@example.com' };
  let registry: PresenceRegistry;
  let pushed: EmailPresence[];

  beforeEach(() => {
    registry = new PresenceRegistry();
    pushed = [];
    registry.onChange = (_team, presence) => pushed.push(presence);
  });
  afterEach(() => registry.onModuleDestroy());

  it('lists viewers, tells who is replying, and reports each change once', () => {
    registry.join('t', 'e', ann);
    registry.join('t', 'e', bob);
    registry.join('t', 'e', ann);
    expect(registry.presence('e').userIds).toEqual(['u1', 'u2']);
    expect(pushed).toHaveLength(2);
    registry.replying('t', 'e', bob, true);
    expect(registry.presence('e').viewers.find((v) => v.userId === 'u2')?.replying).toBe(true);
    registry.leave('t', 'e', 'u1');
    expect(pushed.at(-1)).toEqual({ emailId: 'e', userIds: ['u2'], viewers: [{ ...bob, replying: true }] });
  });

  it('drops a viewer whose heartbeats stopped', () => {
    const now = Date.now();
    registry.join('t', 'e', ann, now);
    registry.join('t', 'e', bob, now + PRESENCE_TTL_MS / 2);
    expect(registry.sweep(now + PRESENCE_TTL_MS + 1)).toBe(1);
    expect(registry.presence('e').userIds).toEqual(['u2']);
    expect(pushed.at(-1)?.userIds).toEqual(['u2']);
  });
});
