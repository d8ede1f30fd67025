/**
 * A form that puts values on a list kept by the back office (blocked CPFs, phones and CEPs; the whitelist; the
 * negotiation list) or, after a confirmation, takes them off: the screen's title, what is wrong with the input, the
 * fields, then the confirmed removal beside the main action.
 */
import { Alert, Button, type ButtonProps, Group, Paper, Stack, Textarea, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type ChoiceOption, ChoiceSelect } from './ChoiceSelect.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';

export interface ListEntryFormProps {
  /** The page's heading and the form's accessible name. */
  title: string;
  /** What stops the submit: a title alone in a red alert, or a whole alert of the screen's own. */
  problem?: ReactNode;
  /** The main action (a submit, also on Enter): 'Adicionar', 'Bloquear'. */
  submit: { label: string; onSubmit: () => void; pending: boolean; color?: ButtonProps['color'] };
  /** The opposite action, run after 'Você tem certeza?'; `canOpen` checks the input first. */
  remove: { label: string; onConfirm: () => unknown; canOpen: () => boolean };
  /** The fields. */
  children: ReactNode;
  /** The widest the page gets. */
  maw?: number;
}

export function ListEntryForm({ title, problem, submit, remove, children, maw = 560 }: ListEntryFormProps) {
  return (
    <Stack gap="lg" maw={maw}>
      <Title order={2}>{title}</Title>
      {typeof problem === 'string' ? <Alert color="red" title={problem} /> : (problem ?? null)}
      <Paper
        component="form"
        withBorder
        radius="lg"
        p="lg"
        aria-label={title}
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          submit.onSubmit();
        }}
      >
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <ConfirmAction variant="default" onConfirm={remove.onConfirm} canOpen={remove.canOpen}>
              {remove.label}
            </ConfirmAction>
            <Button type="submit" color={submit.color} loading={submit.pending}>
              {submit.label}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Spec 5: a list typed in one field, one value a line or separated by commas. */
export const VALUES_HINT = 'Um por linha, ou separados por vírgula';

/** The field of a list of values (CPFs, phones, CEPs): two lines tall, the hint under the label. */
export function ValuesInput({
  label,
  value,
  onChange,
  description = VALUES_HINT,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  description?: string;
  required?: boolean;
}) {
  return (
    <Textarea
      label={label}
      required={required}
      description={description}
      rows={2}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/** What `ReasonFields` edits: the chosen reason (null until chosen) and the description as typed. */
export interface ReasonState {
  value: string | null;
  setValue: (value: string | null) => void;
  description: string;
  setDescription: (value: string) => void;
}

export function useReason(): ReasonState {
  const [value, setValue] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  return { value, setValue, description, setDescription };
}

/**
 * Why the values go on the list: a choice among the server's options (a block's 'Motivo', a negotiation's 'Tipo'),
 * unusable while they load or when they failed to, and a free 'Descrição'.
 */
export function ReasonFields({
  label,
  options,
  state,
  required = false,
  loadError,
}: {
  label: string;
  /** The options' query: its data once loaded. */
  options: { data?: readonly ChoiceOption[] | undefined; isPending: boolean; isError: boolean };
  state: ReasonState;
  /** Required, or optional and clearable. */
  required?: boolean;
  /** Shown under the choice when the options failed to load. */
  loadError: string;
}) {
  return (
    <>
      <ChoiceSelect
        label={label}
        required={required}
        clearable={!required}
        data={options.data ?? []}
        value={state.value}
        onChange={state.setValue}
        disabled={options.isPending}
        error={options.isError ? loadError : undefined}
      />
      <Textarea
        label="Descrição"
        rows={2}
        value={state.description}
        onChange={(e) => state.setDescription(e.currentTarget.value)}
      />
    </>
  );
}

/** The form's own fields, named after it: `ListEntryForm.Values`, `ListEntryForm.Reason`. */
ListEntryForm.Values = ValuesInput;
ListEntryForm.Reason = ReasonFields;
