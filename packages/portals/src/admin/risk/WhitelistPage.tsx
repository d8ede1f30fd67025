import { addDaysIso, isoDateInSaoPaulo, TRUST_DEFAULT_DAYS } from '@drip/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DateField, ListEntryForm, notifyError, notifySuccess } from '../../shared/kit/index.ts';
import { useTrustAdd, useTrustRemove } from '../api/risk.ts';
import { digitsOf, RISK_TEXTS, splitValues } from './texts.ts';

const T = RISK_TEXTS.whitelist;

/** /admin/whitelist (spec 2.2): ?cpf prefills; expiry only on add, default today + 3 days, minimum today (spec 5, 9). */
export function WhitelistPage() {
  const [query] = useSearchParams();
  const today = isoDateInSaoPaulo(new Date());
  const [cpfs, setCpfs] = useState(query.get('cpf') ?? '');
  const [expirationDate, setExpirationDate] = useState<string>(addDaysIso(today, TRUST_DEFAULT_DAYS));
  const [problem, setProblem] = useState<string | null>(null);
  const add = useTrustAdd();
  const remove = useTrustRemove();

  const list = () => {
    const values = splitValues(cpfs)
      .map(digitsOf)
      .filter((c) => c !== '');
    if (values.length === 0) {
      setProblem(RISK_TEXTS.cpfRequired);
      return null;
    }
    setProblem(null);
    return values;
  };

  const submitAdd = async () => {
    const values = list();
    if (!values) return;
    if (!expirationDate || expirationDate < today) return setProblem('Selecione uma data válida');
    try {
      await add.mutateAsync({ cpfs: values, expirationDate });
      notifySuccess(T.added);
    } catch {
      notifyError(T.addFailure);
    }
  };

  const submitRemove = async () => {
    const values = list();
    if (!values) return;
    try {
      await remove.mutateAsync({ cpfs: values });
      notifySuccess(T.removed);
    } catch {
      notifyError(T.removeFailure);
    }
  };

  return (
    <ListEntryForm
      title={T.title}
      problem={problem}
      submit={{ label: 'Adicionar', onSubmit: () => void submitAdd(), pending: add.isPending }}
      remove={{ label: 'Remover', onConfirm: submitRemove, canOpen: () => list() !== null }}
    >
      <ListEntryForm.Values label="CPFs" value={cpfs} onChange={setCpfs} />
      <DateField
        label="Data de expiração"
        min={today}
        value={expirationDate}
        onChange={(e) => setExpirationDate(e.currentTarget.value)}
      />
    </ListEntryForm>
  );
}
