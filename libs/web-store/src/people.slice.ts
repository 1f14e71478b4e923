import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { TeamMember } from '@teaminbox/contracts';
import { loggedOut } from './session.slice';

/**
 * The signed-in user's team members and their profile photos (object URLs of the fetched images; null: none), so
 * that every screen showing a person shows the same avatar.
 */
export interface PeopleState {
  members: TeamMember[];
  photos: Record<string, string | null>;
}

const initialState: PeopleState = { members: [], photos: {} };

export const peopleSlice = createSlice({
  name: 'people',
  initialState,
  reducers: {
    membersLoaded(state, action: { payload: TeamMember[] }) {
      state.members = action.payload;
    },
    personPhotoLoaded(state, action: { payload: { userId: string; url: string | null } }) {
      state.photos[action.payload.userId] = action.payload.url;
    },
  },
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectPeople: (state) => state,
  },
});

export const { membersLoaded, personPhotoLoaded } = peopleSlice.actions;
export const { selectPeople } = peopleSlice.selectors;

/** A person by id, else by address (case-insensitive): the photo's URL, or null (initials then). */
export const selectPersonPhoto = createSelector(
  [
    (state: { people?: PeopleState }) => state.people ?? initialState,
    (_: unknown, userId: string | null | undefined) => userId ?? null,
    (_: unknown, __: unknown, email: string | null | undefined) => email?.toLowerCase() ?? null,
  ],
  (people, userId, email): string | null => {
    const id = userId ?? (email ? (people.members.find((m) => m.email.toLowerCase() === email)?.id ?? null) : null);
    return id ? (people.photos[id] ?? null) : null;
  },
);
