import { deciderSpecification } from '../../../../test/support/decider-specification';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  pushSubscriptionsDecider,
  type PushSubscriptionsEvent,
} from './push-subscriptions.decider';

const spec = deciderSpecification(pushSubscriptionsDecider);
const added = (id: string, endpoint = `https://push.example.com/${id}`, p256dh = 'key'): PushSubscriptionsEvent => ({
  type: 'PushSubscriptionAdded',
  data: { userId: 'u1', subscriptionId: id, endpoint, p256dh, auth: 'auth' },
});
const subscribe = (id: string, endpoint = `https://push.example.com/${id}`, p256dh = 'key') => ({
  type: 'SubscribeToPush' as const,
  userId: 'u1',
  subscriptionId: id,
  endpoint,
  p256dh,
  auth: 'auth',
});
const removed = (id: string, reason: 'unsubscribed' | 'expired'): PushSubscriptionsEvent => ({
  type: 'PushSubscriptionRemoved',
  data: { userId: 'u1', subscriptionId: id, reason },
});

describe('push subscriptions decider', () => {
  it('adds a device once; new keys for the same endpoint replace the subscription', () => {
    spec
      .given([])
      .when(subscribe('s1'))
      .then([added('s1')]);
    spec
      .given([added('s1')])
      .when(subscribe('s2', 'https://push.example.com/s1'))
      .then([]);
    spec
      .given([added('s1')])
      .when(subscribe('s2', 'https://push.example.com/s1', 'rotated'))
      .then([removed('s1', 'unsubscribed'), added('s2', 'https://push.example.com/s1', 'rotated')]);
  });

  it('unsubscribes a device by endpoint, and removes an expired one by id, each once', () => {
    spec
      .given([added('s1')])
      .when({ type: 'UnsubscribeFromPush', userId: 'u1', endpoint: 'https://push.example.com/s1' })
      .then([removed('s1', 'unsubscribed')]);
    spec.given([]).when({ type: 'UnsubscribeFromPush', userId: 'u1', endpoint: 'https://x.example.com' }).then([]);
    spec
      .given([added('s1')])
      .when({ type: 'RemoveExpiredPushSubscription', userId: 'u1', subscriptionId: 's1' })
      .then([removed('s1', 'expired')]);
    spec
      .given([added('s1'), removed('s1', 'expired')])
      .when({ type: 'RemoveExpiredPushSubscription', userId: 'u1', subscriptionId: 's1' })
      .then([]);
  });

  it('keeps at most the newest devices', () => {
    const history = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS }, (_, i) => added(`s${i}`));
    spec
      .given(history)
      .when(subscribe('new'))
      .then([removed('s0', 'unsubscribed'), added('new')]);
  });
});
