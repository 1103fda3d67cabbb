import { initials } from '../lib/initials.ts';
import './avatar.css';

export interface AvatarProps {
  name: string;
  size?: 'sm' | 'md';
}

/** Initials in a circle; the name itself is given to assistive tech by the caller's context. */
export function Avatar({ name, size = 'sm' }: AvatarProps) {
  return (
    <span className={`avatar avatar--${size}`} title={name} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
