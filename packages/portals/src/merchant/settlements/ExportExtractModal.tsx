import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { isExportableMonth, settlementMessages, todayInSaoPaulo } from '@drip/core';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatesProvider, MonthPickerInput } from '@mantine/dates';
import { useState } from 'react';
import { failureStatus } from '../../shared/api.ts';
import { notifyError, notifySuccess } from '../../shared/kit/index.ts';
import { useExportSettlements } from '../api/settlements.ts';

/** Spec 8: the export's toasts. */
export const exportMessages = {
  success: 'Exportação do extrato concluida com sucesso!',
  unavailable: settlementMessages.exportUnavailable,
  failure: 'Ocorreu um erro ao exportar o extrato',
} as const;

/** 'Exportar extrato' (spec 2.4, 7): a month picker, then the month's CSV under the server's file name. */
export function ExportExtractModal({ onClose }: { onClose: () => void }) {
  const today = todayInSaoPaulo();
  // The current month (São Paulo) by default; months after it have no extract.
  const [month, setMonth] = useState<string | null>(`${today.slice(0, 7)}-01`);
  const [invalid, setInvalid] = useState(false);
  const exporting = useExportSettlements();
  const submit = () => {
    // Spec 5: the month is required and at most the current one.
    if (!month || !isExportableMonth(Number(month.slice(5, 7)), Number(month.slice(0, 4)), today)) {
      setInvalid(true);
      return;
    }
    exporting.mutate(
      { month: Number(month.slice(5, 7)), year: Number(month.slice(0, 4)) },
      {
        onSuccess: () => {
          notifySuccess(exportMessages.success);
          onClose();
        },
        onError: (error) =>
          notifyError(failureStatus(error) === 404 ? exportMessages.unavailable : exportMessages.failure),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title="Exportar extrato" centered>
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <Stack>
          <Text size="sm" c="dimmed">
            Escolha o mês: o extrato dele é baixado em CSV, com as vendas, os cancelamentos, as taxas e os
            repasses.
          </Text>
          <MonthPickerInput
            label="Mês"
            value={month}
            onChange={(next) => {
              setMonth(next);
              setInvalid(false);
            }}
            clearable
            clearButtonProps={{ 'aria-label': 'Limpar' }}
            error={invalid ? settlementMessages.invalidMonth : undefined}
            maxDate={today}
            valueFormat="MMMM [de] YYYY"
            ariaLabels={{
              previousYear: 'Ano anterior',
              nextYear: 'Próximo ano',
              previousDecade: 'Década anterior',
              nextDecade: 'Próxima década',
              yearLevelControl: 'Escolher o ano',
            }}
            popoverProps={{ withinPortal: false }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={exporting.isPending}>
              Exportar
            </Button>
          </Group>
        </Stack>
      </DatesProvider>
    </Modal>
  );
}
