import { createAppStore, type CreateAppStoreOptions } from '../store';

/**
 * For tests: the app's store with its core sagas, in a browser that is offline for them: the socket never connects
 * and browser notifications are neither allowed nor shown. `options` replace any of these.
 */
export function createOfflineStore(options: CreateAppStoreOptions = {}) {
  return createAppStore({
    realtimeClientFactory: () => ({ status: () => 'disconnected', close: () => undefined }),
    browserNotifications: {
      permission: () => 'default',
      requestPermission: async () => 'default',
      register: async () => null,
      subscribe: async () => null,
      show: async () => undefined,
    },
    ...options,
  });
}
