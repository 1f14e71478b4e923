import type { RemoteFeature } from '@teaminbox/web-store';
import { myTasksSlice } from './myTasksSlice';

/** My Tasks' slice, injected with its page (its tasks are in the api cache). */
export const myTasksFeature: RemoteFeature = {
  key: 'inbox/my-tasks',
  slices: [myTasksSlice],
};
