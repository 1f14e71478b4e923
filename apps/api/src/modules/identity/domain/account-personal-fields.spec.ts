import { ACCOUNT_SCOPE, PersonalDataRegistry } from '../../../platform/personal-data';
import { USER_REGISTERED_PERSONAL_FIELDS } from './account-personal-fields';

describe('the personal fields of an account', () => {
  it('seals the registration address under the person in the account scope, not under a team', () => {
    const registry = new PersonalDataRegistry();
    registry.declare('UserRegistered', USER_REGISTERED_PERSONAL_FIELDS);
    const registered = { userId: '0190a000-0000-7000-8000-000000000001', email: 'petr.svoboda@example.com' };
    expect(registry.groupsOf('UserRegistered', { ...registered, emailProven: true })).toEqual([
      { teamId: ACCOUNT_SCOPE, address: 'petr.svoboda@example.com', paths: ['email'] },
    ]);
  });
});
