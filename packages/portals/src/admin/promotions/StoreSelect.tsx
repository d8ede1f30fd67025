import { useEffect, useState } from 'react';
import { SearchSelect } from '../../shared/kit/SearchSelect.tsx';
import { usePromotionStores } from '../api/promotions.ts';

export type StoreRef = { id: string; name: string };

/** Spec 7: the store dropdown searches after 1500 ms without typing. */
export const STORE_SEARCH_DEBOUNCE_MS = 1500;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * A catalogue store, searched by name among the active ones; the chosen one stays listed whatever the search. The
 * kit's SearchSelect: its dropdown's code follows the form's first screen.
 */
export function StoreSelect({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: StoreRef | null;
  onChange: (store: StoreRef | null) => void;
  error?: string | undefined;
  required?: boolean;
}) {
  const [search, setSearch] = useState(value?.name ?? '');
  const settled = useDebounced(search, STORE_SEARCH_DEBOUNCE_MS);
  // Choosing a store puts its name in the box: that is not a new search.
  const stores = usePromotionStores(settled === value?.name ? '' : settled);
  const options = [...(value ? [value] : []), ...(stores.data ?? []).filter((s) => s.id !== value?.id)];
  return (
    <SearchSelect
      label={label}
      placeholder="Buscar loja pelo nome"
      clearable
      required={required ?? false}
      data={options.map((s) => ({ value: s.id, label: s.name }))}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(id) => onChange(options.find((s) => s.id === id) ?? null)}
      nothingFoundMessage={stores.isFetching ? 'Buscando…' : 'Nenhuma loja encontrada'}
      error={error}
    />
  );
}
