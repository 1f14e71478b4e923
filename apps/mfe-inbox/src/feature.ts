import './i18n/texts';
import type { RemoteFeature } from '@teaminbox/web-store';
import { inboxListSlice } from './features/inbox-list/inboxListSlice';

/**
 * Injected into the shell's store when an inbox route first loads: the inbox list's screen state (its pages, the
 * team's members and labels are in the shared api cache). The email detail and My Tasks bring their own with their
 * pages (`features` of the page module).
 */
const feature: RemoteFeature = {
  key: 'inbox',
  slices: [inboxListSlice],
};
export default feature;
