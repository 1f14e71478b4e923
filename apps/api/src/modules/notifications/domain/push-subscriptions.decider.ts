import type { PushSubscriptionAdded, PushSubscriptionRemoved } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';

export const pushSubscriptionsStreamId = (userId: string) => `push-subscriptions-${userId}`;

export type PushSubscriptionsCommand =
  | {
      type: 'SubscribeToPush';
      userId: string;
      subscriptionId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }
  | { type: 'UnsubscribeFromPush'; userId: string; endpoint: string }
  | { type: 'RemoveExpiredPushSubscription'; userId: string; subscriptionId: string };

export type PushSubscriptionsEvent =
  | { type: 'PushSubscriptionAdded'; data: PushSubscriptionAdded }
  | { type: 'PushSubscriptionRemoved'; data: PushSubscriptionRemoved };

/** The user's subscribed browsers by endpoint. */
export type PushSubscriptionsState = Map<string, PushSubscriptionAdded>;

/** A user may have many devices; more than this many keeps the newest ones (the oldest is removed). */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

/**
 * A user's browser push subscriptions (stream `push-subscriptions-<userId>`), one per device (endpoint). The same
 * subscription again records nothing; new keys for a known endpoint replace the old subscription; a subscription the
 * push service reports gone (404, 410) is removed as expired.
 */
export const pushSubscriptionsDecider: Decider<
  PushSubscriptionsCommand,
  PushSubscriptionsEvent,
  PushSubscriptionsState
> = {
  eventTypes: ['PushSubscriptionAdded', 'PushSubscriptionRemoved'],
  initialState: () => new Map(),

  decide(command, state) {
    switch (command.type) {
      case 'SubscribeToPush': {
        const { userId, subscriptionId, endpoint, p256dh, auth } = command;
        const known = state.get(endpoint);
        if (known && known.p256dh === p256dh && known.auth === auth) return [];
        const events: PushSubscriptionsEvent[] = [];
        if (known) {
          events.push({
            type: 'PushSubscriptionRemoved',
            data: { userId, subscriptionId: known.subscriptionId, reason: 'unsubscribed' },
          });
        } else if (state.size >= MAX_PUSH_SUBSCRIPTIONS) {
          const oldest = [...state.values()][0];
          events.push({
            type: 'PushSubscriptionRemoved',
            data: { userId, subscriptionId: oldest.subscriptionId, reason: 'unsubscribed' },
          });
        }
        events.push({ type: 'PushSubscriptionAdded', data: { userId, subscriptionId, endpoint, p256dh, auth } });
        return events;
      }
      case 'UnsubscribeFromPush': {
        const known = state.get(command.endpoint);
        if (!known) return [];
        return [
          {
            type: 'PushSubscriptionRemoved',
            data: { userId: command.userId, subscriptionId: known.subscriptionId, reason: 'unsubscribed' },
          },
        ];
      }
      case 'RemoveExpiredPushSubscription': {
        const known = [...state.values()].some((s) => s.subscriptionId === command.subscriptionId);
        if (!known) return [];
        return [
          {
            type: 'PushSubscriptionRemoved',
            data: { userId: command.userId, subscriptionId: command.subscriptionId, reason: 'expired' },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String(unknown)}`);
      }
    }
  },

  evolve(state, event) {
    const next = new Map(state);
    switch (event.type) {
      case 'PushSubscriptionAdded':
        next.set(event.data.endpoint, event.data);
        return next;
      case 'PushSubscriptionRemoved':
        for (const [endpoint, subscription] of next) {
          if (subscription.subscriptionId === event.data.subscriptionId) next.delete(endpoint);
        }
        return next;
      default: {
        const unknown: never = event;
        throw new Error(`Unknown event ${String(unknown)}`);
      }
    }
  },
};
