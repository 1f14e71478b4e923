import type { ProfilePhotoChanged } from '@teaminbox/contracts';
import type { Decider } from '../../../platform/event-sourcing/decider';

export const profileStreamId = (userId: string) => `profile-${userId}`;

export interface ChangeProfilePhoto {
  type: 'ChangeProfilePhoto';
  userId: string;
  photoId: string;
  contentType: string;
  size: number;
}

export type ProfileEvent = { type: 'ProfilePhotoChanged'; data: ProfilePhotoChanged };

/** A user's profile (stream `profile-<userId>`): each upload is a new photo; the same photo twice records it once. */
export const profileDecider: Decider<ChangeProfilePhoto, ProfileEvent, { photoId: string | null }> = {
  eventTypes: ['ProfilePhotoChanged'],
  initialState: () => ({ photoId: null }),
  decide(command, state) {
    if (state.photoId === command.photoId) return [];
    const { userId, photoId, contentType, size } = command;
    return [{ type: 'ProfilePhotoChanged', data: { userId, photoId, contentType, size } }];
  },
  evolve: (_state, event) => ({ photoId: event.data.photoId }),
};
