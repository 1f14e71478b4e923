import type { RemoteFeature } from '@teaminbox/web-store';
import { myTasksSaga } from './myTasksSaga';
import { myTasksSlice } from './myTasksSlice';

/** My Tasks' slice and saga, injected with its page. */
export const myTasksFeature: RemoteFeature = {
  key: 'inbox/my-tasks',
  slices: [myTasksSlice],
  saga: myTasksSaga,
};
