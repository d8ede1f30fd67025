import { AppShell, Burger, Button, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';
import { type AreaLink, NavButton } from './NavButton.tsx';

export type { AreaLink };

// The mobile menu (a drawer, with its overlay, focus trap and scroll lock) is not part of the first screen: its code
// is fetched once the page has settled, and the drawer mounts then (closed, so that its first opening slides in),
// or at the first tap on the menu button if that comes first.
const loadMenu = () => import('./AreaMenu.tsx');
const AreaMenu = lazy(async () => ({ default: (await loadMenu()).AreaMenu }));
const PREFETCH_MENU_AFTER_MS = 3000;

export interface AreaShellProps {
  /** Where the brand link goes (the area's home). */
  homePath: string;
  /** Small label next to the brand (e.g. 'Back office'). */
  areaLabel: string;
  links: readonly AreaLink[];
  /** Shown before the profile link, e.g. the merchant name. */
  context?: ReactNode;
  profile: AreaLink;
  onLogout: () => void;
  children: ReactNode;
}

/** Header with the brand, the area navigation, the profile link and 'Sair'; a drawer on mobile (<= 690 px). */
export function AreaShell({
  homePath,
  areaLabel,
  links,
  context,
  profile,
  onLogout,
  children,
}: AreaShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuMounted, setMenuMounted] = useState(false);
  useEffect(() => {
    let active = true;
    const prefetch = window.setTimeout(
      () =>
        void loadMenu().then(
          () => active && setMenuMounted(true),
          // Offline: the menu button loads it again.
          () => {},
        ),
      PREFETCH_MENU_AFTER_MS,
    );
    return () => {
      active = false;
      window.clearTimeout(prefetch);
    };
  }, []);
  return (
    <AppShell header={{ height: 64 }} padding={0} bg="var(--mantine-color-gray-0)">
      <AppShell.Header withBorder>
        <Container size="xl" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Link to={homePath} aria-label="Drip — início" style={{ textDecoration: 'none' }}>
                <Group gap="xs" wrap="nowrap">
                  <Logo size={26} />
                  <Text size="xs" c="dimmed" fw={600} tt="uppercase" visibleFrom="sm">
                    {areaLabel}
                  </Text>
                </Group>
              </Link>
              <Group component="nav" aria-label="Navegação principal" gap={4} visibleFrom="sm" wrap="nowrap">
                {links.map((link) => (
                  <NavButton key={link.to} link={link} />
                ))}
              </Group>
            </Group>
            <Group gap="xs" visibleFrom="sm" wrap="nowrap">
              {context}
              <NavButton link={profile} />
              <Button variant="default" onClick={onLogout}>
                Sair
              </Button>
            </Group>
            <Burger
              opened={opened}
              onClick={() => {
                setMenuMounted(true);
                toggle();
              }}
              hiddenFrom="sm"
              aria-label="Abrir menu"
            />
          </Group>
        </Container>
      </AppShell.Header>
      {menuMounted ? (
        <Suspense fallback={null}>
          <AreaMenu
            opened={opened}
            onClose={close}
            links={links}
            context={context}
            profile={profile}
            onLogout={onLogout}
          />
        </Suspense>
      ) : null}
      <AppShell.Main>
        <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
