import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from './Logo.tsx';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="md" maw={480}>
        <Logo size={36} />
        <Title order={1} ta="center">
          404 - Page Not Found
        </Title>
        <Text c="dimmed" ta="center" size="lg">
          A página que você estava procurando não existe
        </Text>
        <Button component={Link} to="/" variant="light">
          Ir para o início
        </Button>
      </Stack>
    </Center>
  );
}
