import { Box, Button, Divider, Drawer, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './Logo.tsx';
import { type AreaLink, NavButton } from './NavButton.tsx';

/** The area's navigation in a drawer, on mobile (<= 690 px): the same links, the profile and 'Sair'. */
export function AreaMenu({
  opened,
  onClose: close,
  links,
  context,
  profile,
  onLogout,
}: {
  opened: boolean;
  onClose: () => void;
  links: readonly AreaLink[];
  context?: ReactNode;
  profile: AreaLink;
  onLogout: () => void;
}) {
  return (
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
  );
}
