import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DetailViewMode } from '@teaminbox/contracts';

export interface ProfileState {
  /** An object URL of the caller's photo; null when there is none (or it could not be loaded). */
  photoUrl: string | null;
  uploading: boolean;
  viewMode: DetailViewMode;
}

/** The detail view mode is also kept locally (spec section 4); the server value overrides it. */
export const VIEW_MODE_KEY = 'emailDetailViewMode';

export function storedViewMode(): DetailViewMode {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(VIEW_MODE_KEY);
  return stored === 'timeline' ? 'timeline' : 'classic';
}

export function initialProfileState(): ProfileState {
  return { photoUrl: null, uploading: false, viewMode: storedViewMode() };
}

export const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    profileOpened() {},
    photoLoaded(state, action: PayloadAction<string | null>) {
      state.photoUrl = action.payload;
    },
    photoUploadRequested: {
      reducer(state) {
        state.uploading = true;
      },
      prepare: (file: File) => ({ payload: file }),
    },
    photoUploadFinished(state) {
      state.uploading = false;
    },
    viewModeChosen(state, action: PayloadAction<DetailViewMode>) {
      state.viewMode = action.payload;
    },
    viewModeLoaded(state, action: PayloadAction<DetailViewMode>) {
      state.viewMode = action.payload;
    },
  },
});

export const { profileOpened, photoLoaded, photoUploadRequested, photoUploadFinished, viewModeChosen, viewModeLoaded } =
  profileSlice.actions;

export const selectProfile = (state: { profile?: ProfileState }): ProfileState =>
  state.profile ?? initialProfileState();

declare module '@teaminbox/web-store' {
  interface LazyLoadedSlices {
    profile: ProfileState;
  }
}
