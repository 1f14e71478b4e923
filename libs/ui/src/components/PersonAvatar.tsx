import { Avatar } from 'primereact/avatar';
import { initials } from '../format/format';

export interface PersonAvatarProps {
  /** The URL of the person's profile photo; none: initials (a screen finds it with web-store's usePersonPhotos). */
  photo?: string | null;
  /** The person's user id, when known (a member of the team): names whom the avatar shows. */
  userId?: string | null;
  /** The person's address: gives initials without a name. */
  email?: string | null;
  name?: string | null;
  /** Pixels (square); PrimeReact's normal size when not given. */
  size?: number;
  className?: string;
  /** The avatar only decorates a name shown beside it (default): hidden from assistive technology. */
  decorative?: boolean;
}

/** A person's avatar wherever the product shows someone: their profile photo, else up to two initials. */
export function PersonAvatar({ photo, userId, email, name, size, className, decorative = true }: PersonAvatarProps) {
  const style = size ? { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.4)) } : undefined;
  const label = name || email || '';
  return (
    <Avatar
      image={photo ?? undefined}
      imageAlt={decorative ? '' : label}
      label={photo ? undefined : initials(name, email) || '?'}
      shape="circle"
      style={style}
      className={className}
      aria-hidden={decorative || undefined}
      aria-label={decorative ? undefined : label}
      data-testid="person-avatar"
      data-photo={photo ? 'yes' : 'no'}
      data-person={userId ?? email ?? undefined}
    />
  );
}
