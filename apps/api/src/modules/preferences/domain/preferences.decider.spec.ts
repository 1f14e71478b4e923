import { deciderSpecification } from '../../../../test/support/decider-specification';
import { preferencesDecider } from './preferences.decider';

const spec = deciderSpecification(preferencesDecider);

describe('preferences decider', () => {
  it('records the fields a change names, and only those', () => {
    spec
      .given([])
      .when({ type: 'ChangePreferences', data: { userId: 'u1', onVacation: true } })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 'u1', onVacation: true } }]);
    spec
      .given([{ type: 'UserPreferencesChanged', data: { userId: 'u1', onVacation: true } }])
      .when({
        type: 'ChangePreferences',
        data: { userId: 'u1', emailDetailViewMode: 'timeline', onVacation: undefined },
      })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 'u1', emailDetailViewMode: 'timeline' } }]);
  });

  it('records the interface language the user chose', () => {
    spec
      .given([])
      .when({ type: 'ChangePreferences', data: { userId: 'u1', language: 'cs' } })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 'u1', language: 'cs' } }]);
  });

  it("records the inbox list's density the user chose, alone or beside other fields", () => {
    spec
      .given([{ type: 'UserPreferencesChanged', data: { userId: 'u1', language: 'cs' } }])
      .when({ type: 'ChangePreferences', data: { userId: 'u1', listDensity: 'compact' } })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 'u1', listDensity: 'compact' } }]);
    spec
      .given([])
      .when({ type: 'ChangePreferences', data: { userId: 'u1', listDensity: 'comfortable', onVacation: false } })
      .then([
        { type: 'UserPreferencesChanged', data: { userId: 'u1', onVacation: false, listDensity: 'comfortable' } },
      ]);
  });

  it('records the undo window the user chose, 0 included', () => {
    spec
      .given([])
      .when({ type: 'ChangePreferences', data: { userId: 'u1', undoSendSeconds: 0 } })
      .then([{ type: 'UserPreferencesChanged', data: { userId: 'u1', undoSendSeconds: 0 } }]);
  });

  it('records nothing for a change without fields', () => {
    spec
      .given([])
      .when({ type: 'ChangePreferences', data: { userId: 'u1' } })
      .then([]);
  });
});
