import { useCallback } from 'react';
import { useSelector } from 'react-redux';
import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { TeamMember } from '@teaminbox/contracts';
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

/** A person's photo by id, else by address (case-insensitive, among the team's members); null: none (initials). */
function photoOf(
  people: PeopleState,
  members: readonly TeamMember[],
  userId: string | null | undefined,
  email: string | null | undefined,
): string | null {
  const address = email?.toLowerCase();
  const id = userId ?? (address ? (members.find((m) => m.email.toLowerCase() === address)?.id ?? null) : null);
  return id ? (people.photos[id] ?? null) : null;
}

const selectPeopleState = (state: { people?: PeopleState }) => state.people ?? initialState;

/** A person by id, else by address (case-insensitive): the photo's URL, or null (initials then). */
export const selectPersonPhoto = createSelector(
  [
    selectPeopleState,
    (state: Parameters<typeof selectTeamMembers>[0]) => selectTeamMembers(state),
    (_: unknown, userId: string | null | undefined) => userId ?? null,
    (_: unknown, __: unknown, email: string | null | undefined) => email ?? null,
  ],
  photoOf,
);

/**
 * For a screen that shows people (avatars take their photo as a prop): finds a person's photo by id, else by
 * address; the screen renders again when a photo or the team's members change.
 */
export function usePersonPhotos(): (userId?: string | null, email?: string | null) => string | null {
  const people = useSelector(selectPeopleState);
  const members = useSelector(selectTeamMembers);
  return useCallback((userId, email) => photoOf(people, members, userId, email), [people, members]);
}
