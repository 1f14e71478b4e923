import type { ReactNode } from 'react';

/** The heading row of an admin page: a title and optional actions on the right. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex align-items-center justify-content-between flex-wrap gap-2 mb-3">
      <h1 className="m-0 text-2xl">{title}</h1>
      {children ? <div className="flex align-items-center gap-2">{children}</div> : null}
    </div>
  );
}
