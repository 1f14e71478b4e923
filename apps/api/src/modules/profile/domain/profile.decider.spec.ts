import { deciderSpecification } from '../../../../test/support/decider-specification';
import { profileDecider } from './profile.decider';

const spec = deciderSpecification(profileDecider);
const change = (photoId: string) => ({
  type: 'ChangeProfilePhoto' as const,
  userId: 'u1',
  photoId,
  contentType: 'image/webp',
  size: 1234,
});

describe('profile decider', () => {
  it('records each new photo', () => {
    spec
      .given([])
      .when(change('p1'))
      .then([
        { type: 'ProfilePhotoChanged', data: { userId: 'u1', photoId: 'p1', contentType: 'image/webp', size: 1234 } },
      ]);
    spec
      .given([
        { type: 'ProfilePhotoChanged', data: { userId: 'u1', photoId: 'p1', contentType: 'image/webp', size: 1 } },
      ])
      .when(change('p2'))
      .then([
        { type: 'ProfilePhotoChanged', data: { userId: 'u1', photoId: 'p2', contentType: 'image/webp', size: 1234 } },
      ]);
  });

  it('records the same photo once', () => {
    spec
      .given([
        { type: 'ProfilePhotoChanged', data: { userId: 'u1', photoId: 'p1', contentType: 'image/webp', size: 1 } },
      ])
      .when(change('p1'))
      .then([]);
  });
});
