import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { emailServerConfigSaga } from './features/email-server-config/emailServerConfigSaga';
import { emailServerConfigSlice } from './features/email-server-config/emailServerConfigSlice';
import { rulesSaga } from './features/rules/rulesSaga';
import { rulesSlice } from './features/rules/rulesSlice';
import { teamSaga } from './features/team-members/teamSaga';
import { teamSlice } from './features/team-members/teamSlice';

function* adminRootSaga() {
  yield all([spawn(teamSaga), spawn(emailServerConfigSaga), spawn(rulesSaga)]);
}

/** Injected into the shell's store when an admin route first loads. */
const feature: RemoteFeature = {
  key: 'admin',
  slices: [teamSlice, emailServerConfigSlice, rulesSlice],
  saga: adminRootSaga,
};
export default feature;
