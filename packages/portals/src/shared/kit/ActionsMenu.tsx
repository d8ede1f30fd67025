import { Button, type ButtonProps } from '@mantine/core';
import { type ComponentType, useEffect, useState } from 'react';

/** One entry: a link (`to`) or an action (`onClick`); a disabled entry shows but does nothing. */
export type ActionsMenuEntry = {
  label: string;
  to?: string;
  onClick?: () => void;
  disabled?: boolean;
};

export type ActionsMenuProps = {
  /** The button's text ('Ações'). */
  label: string;
  /** The button's accessible name when several menus share a page ('Ações de Maria'). */
  buttonLabel?: string;
  entries: readonly ActionsMenuEntry[];
  size?: ButtonProps['size'];
};

type Dropdown = ComponentType<ActionsMenuProps & { opened: boolean; onChange: (opened: boolean) => void }>;

/** The menu's code, fetched once for every ActionsMenu of the app (and again after a failure). */
let dropdown: Promise<Dropdown> | null = null;
let loadedDropdown: Dropdown | null = null;
function loadDropdown(): Promise<Dropdown> {
  if (dropdown === null) {
    dropdown = import('./ActionsMenuDropdown.tsx').then((m) => {
      loadedDropdown = m.ActionsMenuDropdown;
      return m.ActionsMenuDropdown;
    });
    dropdown.catch(() => {
      dropdown = null;
    });
  }
  return dropdown;
}

/**
 * A button that opens a menu of links and actions (a list's or a details page's 'Ações'), whose menu code (Mantine's
 * Menu, Popover and Floating UI: about 23 KB gzip) is not part of the page's first load: it is fetched when the
 * pointer comes over the button or the button gets the focus, and the menu opens once it is there when the button
 * was clicked. Nothing typed is lost: the button is the only thing replaced.
 */
export function ActionsMenu(props: ActionsMenuProps) {
  const [Loaded, setLoaded] = useState<Dropdown | null>(() => loadedDropdown);
  const [opened, setOpened] = useState(false);
  const [clicked, setClicked] = useState(false);
  useEffect(() => {
    if (!clicked || Loaded) return;
    let cancelled = false;
    loadDropdown().then(
      (next) => {
        if (cancelled) return;
        setLoaded(() => next);
        setOpened(true);
      },
      () => {
        if (!cancelled) setClicked(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [clicked, Loaded]);
  if (Loaded) return <Loaded {...props} opened={opened} onChange={setOpened} />;
  const prefetch = () => void loadDropdown().catch(() => undefined);
  return (
    <Button
      size={props.size}
      variant="default"
      aria-label={props.buttonLabel}
      aria-haspopup="menu"
      aria-expanded={false}
      loading={clicked}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setClicked(true)}
    >
      {props.label}
    </Button>
  );
}
