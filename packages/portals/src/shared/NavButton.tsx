import { Button } from '@mantine/core';
import { NavLink, useLocation } from 'react-router';

export interface AreaLink {
  readonly to: string;
  readonly label: string;
  /** Active only on this exact path (not on its sub-paths). */
  readonly end?: boolean;
}

/** A navigation link of an area's header or mobile menu, highlighted on its path and below. */
export function NavButton({ link, onNavigate }: { link: AreaLink; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = pathname === link.to || (!link.end && pathname.startsWith(`${link.to}/`));
  return (
    <Button
      component={NavLink}
      to={link.to}
      onClick={onNavigate}
      variant={active ? 'light' : 'subtle'}
      color={active ? 'drip' : 'gray'}
      justify="flex-start"
      aria-current={active ? 'page' : undefined}
    >
      {link.label}
    </Button>
  );
}
