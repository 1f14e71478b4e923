import { createSlice } from '@reduxjs/toolkit';

export interface RealtimeState {
  status: 'connected' | 'disconnected';
}

export const realtimeSlice = createSlice({
  name: 'realtime',
  initialState: { status: 'disconnected' } as RealtimeState,
  reducers: {
    connected(state) {
      state.status = 'connected';
    },
    disconnected(state) {
      state.status = 'disconnected';
    },
  },
  selectors: {
    selectRealtimeStatus: (state) => state.status,
  },
});

export const { connected, disconnected } = realtimeSlice.actions;
export const { selectRealtimeStatus } = realtimeSlice.selectors;
