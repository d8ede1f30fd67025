import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '../../shared/api.ts';
import {
  ChoiceSelect,
  CONFIRMATIONS,
  ConfirmAction,
  notifyError,
  notifySuccess,
} from '../../shared/kit/index.ts';
import { useNegotiationAdd, useNegotiationRemove, useNegotiationTypes } from '../api/risk.ts';
import { digitsOf, RISK_TEXTS, splitValues } from './texts.ts';

const T = RISK_TEXTS.negotiation;
type Action = 'add' | 'remove';

/** The CPFs a 422 INVALID_CPF names (its issues' `cpfs.N` paths), as typed. */
function refusedCpfs(error: unknown, sent: string[]): string[] {
  if (!(error instanceof ApiFailure) || error.error.kind !== 'http' || error.error.code !== 'INVALID_CPF')
    return [];
  return (error.error.issues ?? [])
    .map((i) => sent[Number(i.path.split('.')[1])])
    .filter((c): c is string => c !== undefined);
}

/**
 * /admin/debt-list (spec 2.2 'Debt negotiation list form'): ?cpf prefills; CPFs required, type optional. CPFs that
 * do not look like CPFs (not 11 digits, or check digits the server refuses) are sent only after spec 5's
 * 'Os seguintes cpfs parecem inválidos: ... Deseja continuar?', again with `confirmInvalidCpfs`.
 */
export function DebtListPage() {
  const [query] = useSearchParams();
  const [cpfs, setCpfs] = useState(query.get('cpf') ?? '');
  const [type, setType] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ action: Action; invalid: string[] } | null>(null);
  const types = useNegotiationTypes();
  const add = useNegotiationAdd();
  const remove = useNegotiationRemove();

  const list = () => {
    const values = splitValues(cpfs);
    setProblem(values.length === 0 ? RISK_TEXTS.cpfRequired : null);
    return values.length === 0 ? null : values;
  };

  const send = async (action: Action, confirmInvalidCpfs: boolean) => {
    const values = list();
    if (!values) return;
    const invalid = values.filter((c) => digitsOf(c).length !== 11);
    if (!confirmInvalidCpfs && invalid.length > 0) return setConfirm({ action, invalid });
    const mutation = action === 'add' ? add : remove;
    try {
      await mutation.mutateAsync({
        cpfs: values,
        type: (type as never) ?? null,
        description: description.trim() || null,
        confirmInvalidCpfs,
      });
      setConfirm(null);
      notifySuccess(action === 'add' ? T.added : T.removed);
    } catch (error) {
      const refused = confirmInvalidCpfs ? [] : refusedCpfs(error, values);
      if (refused.length > 0) return setConfirm({ action, invalid: refused });
      setConfirm(null);
      notifyError(action === 'add' ? T.addFailure : T.removeFailure);
    }
  };

  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>{T.title}</Title>
      {problem ? <Alert color="red" title={problem} /> : null}
      <Paper withBorder radius="lg" p="lg">
        <form
          aria-label={T.title}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void send('add', false);
          }}
        >
          <Stack gap="md">
            <Textarea
              label="CPFs"
              required
              description="Um por linha, ou separados por vírgula"
              rows={2}
              value={cpfs}
              onChange={(e) => setCpfs(e.currentTarget.value)}
            />
            <ChoiceSelect
              label="Tipo"
              clearable
              data={types.data ?? []}
              value={type}
              onChange={setType}
              disabled={types.isPending}
              error={types.isError ? 'Não foi possível carregar os tipos' : undefined}
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
                onConfirm={() => send('remove', false)}
                canOpen={() => list() !== null}
              >
                Remover
              </ConfirmAction>
              <Button type="submit" loading={add.isPending}>
                Adicionar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? CONFIRMATIONS.invalidCpfs(confirm.invalid) : ''}
        centered
      >
        <Stack gap="md">
          <Text size="sm">Eles serão guardados como digitados.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)}>
              Cancelar
            </Button>
            <Button
              loading={add.isPending || remove.isPending}
              onClick={() => confirm && void send(confirm.action, true)}
            >
              Continuar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
