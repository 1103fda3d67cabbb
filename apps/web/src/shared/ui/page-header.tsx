import type { ReactNode } from 'react';

/** The bar at the top of a list or issue screen: its h1 and anything beside it. */
export function PageHeader({
  title,
  meta,
  children,
}: {
  title: ReactNode;
  meta?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {meta !== undefined ? <span className="page-header__meta">{meta}</span> : null}
      {children}
    </header>
  );
}
