import type { ReactNode } from 'react';
import { LoadError, PageLoader } from '../../shared/kit/index.ts';

/** A store page's query: the loader, the error with a retry, or the page with its data. */
export function Loaded<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <LoadError
        title="Não foi possível carregar a loja"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  if (query.isPending || query.data === undefined) return <PageLoader />;
  return <>{children(query.data)}</>;
}
