import { createSelector, createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './session.slice';
import { selectTeamMembers } from './team.api';

/**
 * The profile photos of the signed-in user and the team's members (object URLs of the fetched images; null: none),
 * so that every screen showing a person shows the same avatar. The members themselves are in the api cache.
 */
export interface PeopleState {
  photos: Record<string, string | null>;
}

const initialState: PeopleState = { photos: {} };

export const peopleSlice = createSlice({
  name: 'people',
  initialState,
  reducers: {
    personPhotoLoaded(state, action: { payload: { userId: string; url: string | null } }) {
      state.photos[action.payload.userId] = action.payload.url;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectPeople: (state) => state,
  },
});

export const { personPhotoLoaded } = peopleSlice.actions;
export const { selectPeople } = peopleSlice.selectors;

/** A person by id, else by address (case-insensitive): the photo's URL, or null (initials then). */
export const selectPersonPhoto = createSelector(
  [
    (state: { people?: PeopleState }) => state.people ?? initialState,
    (state: Parameters<typeof selectTeamMembers>[0]) => selectTeamMembers(state),
    (_: unknown, userId: string | null | undefined) => userId ?? null,
    (_: unknown, __: unknown, email: string | null | undefined) => email?.toLowerCase() ?? null,
  ],
  (people, members, userId, email): string | null => {
    const id = userId ?? (email ? (members.find((m) => m.email.toLowerCase() === email)?.id ?? null) : null);
    return id ? (people.photos[id] ?? null) : null;
  },
);
