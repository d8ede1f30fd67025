/**
 * The search of a server-paged list kept in the URL (spec 2.2's lists: 'Parceiros', 'Pedidos', 'Clientes', the
 * stores): the text is typed freely and applied only on 'Buscar' (or Enter), as a filter of the list's
 * `useListQuery`, so that a new search goes back to page 0 and reload, back and a shared link show the same results.
 */
import { Button, Group, TextInput } from '@mantine/core';
import {
  type Dispatch,
  type FormEvent,
  type ReactNode,
  type SetStateAction,
  useEffect,
  useState,
} from 'react';
import type { ListQuery } from './listQuery.ts';

/** A value being typed that starts from the URL's and follows it when the URL changes (back, forward, a link). */
export function useUrlDraft<T>(value: T): [T, Dispatch<SetStateAction<T>>] {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return [draft, setDraft];
}

/** The search form: its fields, then 'Buscar'; a submit (the button or Enter) calls `onSearch`. */
export function SearchForm({
  label,
  onSearch,
  children,
}: {
  /** The form's accessible name ('Buscar parceiros'). */
  label: string;
  onSearch: () => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form onSubmit={submit} aria-label={label}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {children}
        <Button type="submit" variant="light">
          Buscar
        </Button>
      </Group>
    </form>
  );
}

export interface SearchBoxProps<F extends string> {
  /** The list whose filter the search sets. */
  list: Pick<ListQuery<F>, 'filters' | 'setFilters'>;
  /** The filter's name in the URL and the API ('name', 'search', 'storeName'). */
  filter: F;
  /** The form's accessible name ('Buscar parceiros'). */
  label: string;
  /** The text field: its label, the line under it, the placeholder and its width from the `xs` breakpoint up. */
  field: { label: string; description?: string; placeholder: string; width?: number };
}

/** One text searched in one filter of the list, trimmed; an empty search clears the filter. */
export function SearchBox<F extends string>({ list, filter, label, field }: SearchBoxProps<F>) {
  const [text, setText] = useUrlDraft(list.filters[filter] ?? '');
  const search = () => list.setFilters({ [filter]: text.trim() } as Partial<Record<F, string>>);
  return (
    <SearchForm label={label} onSearch={search}>
      <TextInput
        label={field.label}
        description={field.description}
        placeholder={field.placeholder}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        w={{ base: '100%', xs: field.width ?? 320 }}
      />
    </SearchForm>
  );
}
