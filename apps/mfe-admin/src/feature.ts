import './i18n/texts';
import { all, spawn } from 'redux-saga/effects';
import type { RemoteFeature } from '@teaminbox/web-store';
import { emailServerConfigSaga } from './features/email-server-config/emailServerConfigSaga';
import { emailServerConfigSlice } from './features/email-server-config/emailServerConfigSlice';
import { teamAuditSaga } from './features/team-audit/teamAuditSaga';
import { teamAuditSlice } from './features/team-audit/teamAuditSlice';
import { teamSlice } from './features/team-members/teamSlice';

function* adminRootSaga() {
  yield all([emailServerConfigSaga, teamAuditSaga].map((saga) => spawn(saga)));
}

/** Injected into the shell's store when an admin route first loads. */
const feature: RemoteFeature = {
  key: 'admin',
  slices: [teamSlice, emailServerConfigSlice, teamAuditSlice],
  saga: adminRootSaga,
};
export default feature;
