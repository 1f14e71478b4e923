import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AnyEventType, type ErasureEventMap, PUSH_NAMES, type ServerToClientEvents } from '@teaminbox/contracts';
import { checkManifests } from '../platform/module-manifest/manifest';
import { PLATFORM_PUSHES } from '../platform/realtime/module-pusher';
import { ACTIVITY_MANIFEST } from './activity';
import { AUDIT_MANIFEST } from './audit';
import { CONVERSATIONS_MANIFEST } from './conversations';
import { IDENTITY_MANIFEST } from './identity';
import { LABELS_MANIFEST } from './labels';
import { MAIL_MANIFEST } from './mail';
import { NOTIFICATION_SETTINGS_MANIFEST } from './notification-settings';
import { NOTIFICATIONS_MANIFEST } from './notifications';
import { OUTBOX_MANIFEST } from './outbox';
import { PREFERENCES_MANIFEST } from './preferences';
import { PROFILE_MANIFEST } from './profile';
import { REPLY_TEMPLATES_MANIFEST } from './reply-templates';
import { RULES_MANIFEST } from './rules';
import { SERVICE_LEVELS_MANIFEST } from './service-levels';
import { TEAMS_MANIFEST } from './teams';

const MANIFESTS = [
  ACTIVITY_MANIFEST,
  AUDIT_MANIFEST,
  CONVERSATIONS_MANIFEST,
  IDENTITY_MANIFEST,
  LABELS_MANIFEST,
  MAIL_MANIFEST,
  NOTIFICATION_SETTINGS_MANIFEST,
  NOTIFICATIONS_MANIFEST,
  OUTBOX_MANIFEST,
  PREFERENCES_MANIFEST,
  PROFILE_MANIFEST,
  REPLY_TEMPLATES_MANIFEST,
  RULES_MANIFEST,
  SERVICE_LEVELS_MANIFEST,
  TEAMS_MANIFEST,
] as const;

type Declared<K extends 'events' | 'pushes'> = (typeof MANIFESTS)[number][K][number];

/**
 * Compile-time completeness (npm run typecheck): an event type of the contracts that no manifest declares, or a socket
 * push no manifest declares, does not compile here; the error names it. The platform's own erasure event is the
 * only type without a module.
 */
type UndeclaredEvents = Exclude<AnyEventType, Declared<'events'> | keyof ErasureEventMap>;
type UndeclaredPushes = Exclude<
  keyof ServerToClientEvents,
  Declared<'pushes'> | (typeof PLATFORM_PUSHES.pushes)[number]
>;
const everyEventDeclared: [UndeclaredEvents] extends [never] ? true : UndeclaredEvents = true;
const everyPushDeclared: [UndeclaredPushes] extends [never] ? true : UndeclaredPushes = true;

describe('the modules’ manifests', () => {
  it('declare every event type and every push of the contracts', () => {
    expect(everyEventDeclared).toBe(true);
    expect(everyPushDeclared).toBe(true);
  });

  it('give every event type, push and module name exactly one owner', () => {
    expect(() => checkManifests(MANIFESTS)).not.toThrow();
  });

  it('give every push of the contracts exactly one owner: one manifest, or the platform', () => {
    const owners = new Map<string, string[]>(PUSH_NAMES.map((push) => [push, []]));
    for (const owner of [...MANIFESTS, PLATFORM_PUSHES]) {
      for (const push of owner.pushes) owners.get(push)?.push(owner.name);
    }
    const notOwnedOnce = [...owners].filter(([, names]) => names.length !== 1);
    expect(notOwnedOnce).toEqual([]);
  });

  describe('and the pushes their modules send', () => {
    const sourcesOf = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return sourcesOf(path);
        return /\.ts$/.test(entry.name) && !/\.(spec|manifest)\.ts$/.test(entry.name) ? [path] : [];
      });
    /** The pushes a module's code emits (`.emit('<push>'`, a static scan of its folder). */
    const sentBy = (module: string): Set<string> => {
      const code = sourcesOf(join(__dirname, module)).map((file) => readFileSync(file, 'utf8'));
      const emitted = code.flatMap((text) => [...text.matchAll(/\.emit\(\s*'([^']+)'/g)].map((match) => match[1]));
      return new Set(emitted.filter((name) => (PUSH_NAMES as readonly string[]).includes(name)));
    };

    it('declare no push the module never sends', () => {
      const neverSent = MANIFESTS.flatMap((manifest) => {
        const sent = sentBy(manifest.name);
        return manifest.pushes.filter((push) => !sent.has(push)).map((push) => `${manifest.name}: ${push}`);
      });
      expect(neverSent).toEqual([]);
    });

    it('declare every push the module sends', () => {
      const undeclared = MANIFESTS.flatMap((manifest) =>
        [...sentBy(manifest.name)]
          .filter((push) => !(manifest.pushes as readonly string[]).includes(push))
          .map((push) => `${manifest.name}: ${push}`),
      );
      expect(undeclared).toEqual([]);
    });
  });

  it('list every class once, in one role', () => {
    const classes = MANIFESTS.flatMap((m) => [
      ...m.projections,
      ...m.reactions,
      ...m.commandHandlers,
      ...m.queryHandlers,
    ]);
    expect(new Set(classes).size).toBe(classes.length);
  });
});
