import { Button, Group } from '@mantine/core';

/**
 * Spec 9 pagination control: first, previous, the current page with one before and one after, next, last.
 * `page` is 0-based (as the API); pages are shown 1-based. Hidden when there is a single page.
 */
export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const last = totalPages - 1;
  const around = [page - 1, page, page + 1].filter((p) => p >= 0 && p <= last);
  return (
    <Group component="nav" aria-label="Paginação" gap={4} justify="center">
      <Button
        variant="default"
        size="xs"
        aria-label="Primeira página"
        disabled={page <= 0}
        onClick={() => onChange(0)}
      >
        «
      </Button>
      <Button
        variant="default"
        size="xs"
        aria-label="Página anterior"
        disabled={page <= 0}
        onClick={() => onChange(page - 1)}
      >
        ‹
      </Button>
      {around.map((p) => (
        <Button
          key={p}
          size="xs"
          variant={p === page ? 'filled' : 'default'}
          aria-current={p === page ? 'page' : undefined}
          aria-label={`Página ${p + 1}`}
          onClick={() => onChange(p)}
        >
          {p + 1}
        </Button>
      ))}
      <Button
        variant="default"
        size="xs"
        aria-label="Próxima página"
        disabled={page >= last}
        onClick={() => onChange(page + 1)}
      >
        ›
      </Button>
      <Button
        variant="default"
        size="xs"
        aria-label="Última página"
        disabled={page >= last}
        onClick={() => onChange(last)}
      >
        »
      </Button>
    </Group>
  );
}
