import { AppShell, Box, Burger, Button, Container, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from './Logo.tsx';

export interface AreaLink {
  readonly to: string;
  readonly label: string;
  /** Active only on this exact path (not on its sub-paths). */
  readonly end?: boolean;
}

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

function NavButton({ link, onNavigate }: { link: AreaLink; onNavigate?: () => void }) {
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
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" aria-label="Abrir menu" />
          </Group>
        </Container>
      </AppShell.Header>
      <Drawer opened={opened} onClose={close} title={<Logo size={24} />} hiddenFrom="sm" size="80%">
        <Stack component="nav" aria-label="Navegação principal" gap={4}>
          {context ? <Box mb="sm">{context}</Box> : null}
          {links.map((link) => (
            <NavButton key={link.to} link={link} onNavigate={close} />
          ))}
          <Divider my="sm" />
          <NavButton link={profile} onNavigate={close} />
          <Button
            variant="default"
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Sair
          </Button>
        </Stack>
      </Drawer>
      <AppShell.Main>
        <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
          {children}
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
