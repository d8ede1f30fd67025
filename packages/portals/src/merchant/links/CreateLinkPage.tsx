import { type Cents, centsToReais, duplicateLinkCodeMessage } from '@drip/core';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import { CopyButton, MoneyInput, notifyError } from '../../shared/kit/index.ts';
import { useCreateLink } from '../api/links.ts';

const LINKS = '/parceira/checkout-links';

/** 'Criar Drip Link' (spec 2.4, 5, 8): amount and order code; the created link is shown, copyable. ADMIN only. */
export function CreateLinkPage() {
  const create = useCreateLink();
  const [amount, setAmount] = useState<Cents | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; code?: string }>({});
  const [created, setCreated] = useState<{ formUrl: string; code: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    const next = {
      ...(amount === null || amount <= 0 ? { amount: 'Informe um valor maior que zero' } : {}),
      ...(trimmed === '' ? { code: 'Informe o código do pedido' } : {}),
    };
    setErrors(next);
    if (amount === null || amount <= 0 || trimmed === '') return;
    try {
      const link = await create.mutateAsync({ amount: centsToReais(amount), merchantCode: trimmed });
      setCreated({ formUrl: link.formUrl, code: trimmed });
    } catch (error) {
      const status = failureStatus(error);
      notifyError(status === 409 ? duplicateLinkCodeMessage(trimmed) : `Incapaz de criar link (${status})`);
    }
  };

  return (
    <Stack gap="lg" maw={560}>
      <div>
        <Title order={2}>Criar Drip Link</Title>
        <Text c="dimmed">Gere um link de pagamento com valor e código do pedido.</Text>
      </div>
      {created ? (
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Text fw={600}>{`Link do pedido ${created.code} criado`}</Text>
            <TextInput label="Link de pagamento" value={created.formUrl} readOnly />
            <Group gap="sm" wrap="wrap">
              <CopyButton value={created.formUrl}>Copiar link</CopyButton>
              <Anchor href={created.formUrl} target="_blank" rel="noopener">
                Abrir link
              </Anchor>
            </Group>
            <Group gap="sm" wrap="wrap">
              <Button component={Link} to={LINKS} variant="light">
                Voltar para a lista
              </Button>
              <Button
                variant="subtle"
                onClick={() => {
                  setCreated(null);
                  setAmount(null);
                  setCode('');
                }}
              >
                Criar outro link
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" p="lg" component="form" onSubmit={submit} noValidate>
          <Stack gap="md">
            <MoneyInput label="Valor" required value={amount} onChange={setAmount} error={errors.amount} />
            <TextInput
              label="Código do pedido"
              required
              maxLength={64}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={errors.code}
            />
            <Group gap="sm">
              <Button type="submit" loading={create.isPending}>
                Criar link
              </Button>
              <Button component={Link} to={LINKS} variant="subtle">
                Voltar para a lista
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
