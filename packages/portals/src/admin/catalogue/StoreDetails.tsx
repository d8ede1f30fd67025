/** Spec 2.2's store details with archive and enable/disable, each confirmed (its own lazy chunk: no form controls). */
import { formatPercent, type Store, type StoreStatus } from '@drip/core';
import { Anchor, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import {
  ConfirmAction,
  DetailList,
  notifyError,
  notifySuccess,
  StatusBadge,
} from '../../shared/kit/index.ts';
import { useAdminStore, useStoreStatus } from '../api/catalogue.ts';
import { Loaded } from './Loaded.tsx';
import { PLATFORM_LABELS, STORE_MESSAGES, STORE_TEXTS, STORES_PATH, storePath } from './texts.ts';

const percent = (fraction: number) => formatPercent(fraction);

/** The store's categories as 'Categoria (Sub A, Sub B)'. */
function categoriesText(store: Store): string | null {
  if (store.categories.length === 0) return null;
  return store.categories
    .map((c) =>
      c.subCategory.length ? `${c.name} (${c.subCategory.map((s) => s.name).join(', ')})` : c.name,
    )
    .join('; ');
}

function StoreActions({ store }: { store: Store }) {
  const status = useStoreStatus(store.id);
  const change = async (newStatus: StoreStatus, success: string, failure: string) => {
    try {
      await status.mutateAsync(newStatus);
      notifySuccess(success);
    } catch {
      notifyError(failure);
    }
  };
  const active = store.status === 'ACTIVE';
  return (
    <Group gap="sm" wrap="wrap">
      {store.status !== 'ARCHIVED' ? (
        <ConfirmAction
          color="red"
          variant="light"
          onConfirm={() => change('ARCHIVED', STORE_MESSAGES.archived, STORE_MESSAGES.archiveFailed)}
        >
          {STORE_TEXTS.archive}
        </ConfirmAction>
      ) : null}
      <ConfirmAction
        variant="light"
        onConfirm={() =>
          active
            ? change('DISABLED', STORE_MESSAGES.disabled, STORE_MESSAGES.disableFailed)
            : change('ACTIVE', STORE_MESSAGES.enabled, STORE_MESSAGES.enableFailed)
        }
      >
        {active ? STORE_TEXTS.disable : STORE_TEXTS.enable}
      </ConfirmAction>
      <Button component={Link} to={`${storePath(store.id)}/edit`}>
        {STORE_TEXTS.editButton}
      </Button>
    </Group>
  );
}

/** Spec 2.2's store details, every field ('N/A' when empty), with archive, enable/disable and edit. */
export function StoreDetailsPage() {
  const { storeId = '' } = useParams();
  const query = useAdminStore(storeId);
  return (
    <Loaded query={query}>
      {(store) => (
        <Stack gap="lg">
          <Anchor component={Link} to={STORES_PATH} size="sm">
            Voltar para as lojas
          </Anchor>
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Title order={2}>{STORE_TEXTS.details}</Title>
            <StoreActions store={store} />
          </Group>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Loja">
            <DetailList
              items={[
                { label: 'ID', value: store.id },
                { label: 'Nome', value: store.name },
                { label: 'Abreviação do nome', value: store.merchantInitials },
                {
                  label: 'Imagem',
                  value: store.logoUrl ? (
                    <Anchor href={store.logoUrl} target="_blank" rel="noreferrer">
                      Ver imagem
                    </Anchor>
                  ) : null,
                },
                { label: 'Categorias', value: categoriesText(store) },
                { label: 'Tipo de integração', value: store.integrationType },
                {
                  label: 'Link da loja',
                  value: (
                    <Anchor href={store.url} target="_blank" rel="noreferrer">
                      {store.url}
                    </Anchor>
                  ),
                },
                { label: 'Origem', value: store.origin },
                { label: 'Plataforma', value: PLATFORM_LABELS[store.platform] },
                { label: 'Desconto mínimo', value: percent(store.minimumCashback) },
                { label: 'Oferece desconto Pix', value: store.offerPixDiscount },
                { label: 'Cashback', value: percent(store.customerCashback) },
                { label: 'Taxa', value: percent(store.tax) },
                { label: 'Status', value: <StatusBadge kind="store" status={store.status} /> },
                { label: 'Tags', value: store.tags.map((t) => t.name).join(', ') },
              ]}
            />
          </Paper>
        </Stack>
      )}
    </Loaded>
  );
}
