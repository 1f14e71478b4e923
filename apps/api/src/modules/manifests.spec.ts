import type { AnyEventType, ErasureEventMap, ServerToClientEvents } from '@teaminbox/contracts';
import { checkManifests } from '../platform/module-manifest/manifest';
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
  TEAMS_MANIFEST,
] as const;

type Declared<K extends 'events' | 'pushes'> = (typeof MANIFESTS)[number][K][number];

/**
 * Compile-time completeness (npm run typecheck): an event type of the contracts that no manifest declares, or a socket
 * push no manifest declares, does not compile here; the error names it. The platform's own erasure event is the
 * only type without a module.
 */
type UndeclaredEvents = Exclude<AnyEventType, Declared<'events'> | keyof ErasureEventMap>;
type UndeclaredPushes = Exclude<keyof ServerToClientEvents, Declared<'pushes'>>;
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
