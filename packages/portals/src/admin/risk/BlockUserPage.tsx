import { Alert, Button, Group, List, Paper, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { failureStatus } from '../../shared/api.ts';
import { ChoiceSelect, ConfirmAction, notifyError, notifySuccess } from '../../shared/kit/index.ts';
import { useBlock, useBlockReasons, useUnblock } from '../api/risk.ts';
import { digitsOf, RISK_TEXTS, splitValues } from './texts.ts';

const T = RISK_TEXTS.block;

/** Spec 5: CPF 11 digits after stripping; phone '+' and 12 or 13 digits (no +55 reads as Brazilian); CEP 12345-678. */
export function readBlockValues(fields: { cpfs: string; phones: string; ceps: string }) {
  const cpfs = splitValues(fields.cpfs);
  const phones = splitValues(fields.phones).map((p) => {
    const kept = p.replace(/[^\d+]/g, '');
    return kept.startsWith('+') ? kept : `+55${kept}`;
  });
  const addressCeps = splitValues(fields.ceps);
  const checks: (string | null)[] = [
    cpfs.some((c) => digitsOf(c).length !== 11) ? T.invalidCpfs : null,
    phones.some((p) => !/^\+\d{12,13}$/.test(p)) ? T.invalidPhones : null,
    addressCeps.some((c) => !/^\d{5}-?\d{3}$/.test(c)) ? T.invalidCeps : null,
  ];
  const flags = checks.filter((f): f is string => f !== null);
  return { body: { cpfs: cpfs.map(digitsOf), phones, addressCeps }, flags };
}

/** /admin/block-user (spec 2.2 'Block customer by data'): ?cpf, ?phone, ?cep prefill. */
export function BlockUserPage() {
  const [query] = useSearchParams();
  const [cpfs, setCpfs] = useState(query.get('cpf') ?? '');
  const [phones, setPhones] = useState(query.get('phone') ?? '');
  const [ceps, setCeps] = useState(query.get('cep') ?? '');
  const [reason, setReason] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const reasons = useBlockReasons();
  const block = useBlock();
  const unblock = useUnblock();

  /** The values read, or null with the problems shown (the fields keep what was typed). */
  const values = (needReason: boolean) => {
    const { body, flags } = readBlockValues({ cpfs, phones, ceps });
    const found = [...flags];
    if (body.cpfs.length + body.phones.length + body.addressCeps.length === 0) found.push(T.nothing);
    if (needReason && !reason) found.push(T.reasonRequired);
    setProblems(found);
    return found.length === 0 ? body : null;
  };

  const submitBlock = async () => {
    const body = values(true);
    if (!body || !reason) return;
    try {
      await block.mutateAsync({ ...body, reason: reason as never, description: description.trim() || null });
      notifySuccess(T.success);
    } catch {
      notifyError(T.failure);
    }
  };

  const submitUnblock = async () => {
    const body = values(false);
    if (!body) return;
    try {
      await unblock.mutateAsync(body);
      if (body.phones.length) notifySuccess(T.unblocked.phones);
      if (body.cpfs.length) notifySuccess(T.unblocked.cpfs);
      if (body.addressCeps.length) notifySuccess(T.unblocked.addressCeps);
    } catch (error) {
      notifyError(T.unblockFailure(failureStatus(error)));
    }
  };

  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{T.title}</Title>
      {problems.length > 0 ? (
        // The shape flags go under spec 5's 'Existem campos inválidos'; a missing value or reason is its own title.
        <Alert color="red" title={problems.some((p) => p.startsWith('Há ')) ? T.invalid : problems[0]}>
          {problems.length > 1 || problems[0]?.startsWith('Há ') ? (
            <List size="sm">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          ) : null}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="lg">
        <form
          aria-label={T.title}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submitBlock();
          }}
        >
          <Stack gap="md">
            <Textarea
              label="CPFs"
              description="Um por linha, ou separados por vírgula"
              rows={2}
              value={cpfs}
              onChange={(e) => setCpfs(e.currentTarget.value)}
            />
            <Textarea
              label="Telefones"
              description="Um por linha: +55 (11) 98765-4321"
              rows={2}
              value={phones}
              onChange={(e) => setPhones(e.currentTarget.value)}
            />
            <Textarea
              label="CEPs"
              description="Um por linha: 12345-678"
              rows={2}
              value={ceps}
              onChange={(e) => setCeps(e.currentTarget.value)}
            />
            <ChoiceSelect
              label="Motivo"
              required
              data={reasons.data ?? []}
              value={reason}
              onChange={setReason}
              disabled={reasons.isPending}
              error={reasons.isError ? 'Não foi possível carregar os motivos' : undefined}
            />
            <Textarea
              label="Descrição"
              rows={2}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <ConfirmAction
                variant="default"
                onConfirm={submitUnblock}
                canOpen={() => values(false) !== null}
              >
                Desbloquear
              </ConfirmAction>
              <Button type="submit" color="red" loading={block.isPending}>
                Bloquear
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
