import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import type { ActionsMenuProps } from './ActionsMenu.tsx';

/** Mantine's Menu (with Popover and Floating UI), fetched by ActionsMenu on the first click or hover. */
export function ActionsMenuDropdown({
  label,
  buttonLabel,
  entries,
  size,
  opened,
  onChange,
}: ActionsMenuProps & { opened: boolean; onChange: (opened: boolean) => void }) {
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={onChange}>
      <Menu.Target>
        <Button size={size} variant="default" aria-label={buttonLabel}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {entries.map((entry) =>
          entry.to !== undefined && !entry.disabled ? (
            <Menu.Item key={entry.label} component={Link} to={entry.to}>
              {entry.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={entry.label} onClick={entry.onClick} disabled={entry.disabled}>
              {entry.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
