import type { CurrentUser, Role } from '@teaminbox/contracts';
import { loggedOut, selectCanWrite, selectCurrentRole, userLoaded } from './session.slice';
import { createAppStore } from './store';

const user = (role: Role | null): CurrentUser => ({
  id: 'u1',
  email: 'a@b.cz',
  firstName: null,
  lastName: null,
  role,
  teamId: role ? 't1' : null,
});

describe('who may write', () => {
  it('is everyone but an auditor (a user without a team may still create one)', () => {
    const store = createAppStore({ withoutCoreSagas: true });
    for (const role of ['ADMIN', 'MAINTAINER', 'MEMBER', null] as const) {
      store.dispatch(userLoaded(user(role)));
      expect([role, selectCanWrite(store.getState())]).toEqual([role, true]);
    }
    store.dispatch(userLoaded(user('AUDITOR')));
    expect(selectCanWrite(store.getState())).toBe(false);
    expect(selectCurrentRole(store.getState())).toBe('AUDITOR');
    store.dispatch(loggedOut());
    expect(selectCurrentRole(store.getState())).toBeNull();
  });
});
