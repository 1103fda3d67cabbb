import { initials } from '../lib/initials.ts';
import './avatar.css';

export interface AvatarProps {
  name: string;
  size?: 'sm' | 'md';
}

/** Initials in a circle; the name itself is given to assistive tech by the caller's context. */
export function Avatar({ name, size = 'sm' }: AvatarProps) {
  return (
    <span className={avatarClassName(size)} title={name} aria-hidden="true">
      {initials(name)}
    </span>
  );
}

/** The classes of an avatar, for a caller that draws it in an element it keeps (list rows). */
export function avatarClassName(size: NonNullable<AvatarProps['size']>): string {
  return `avatar avatar--${size}`;
}
