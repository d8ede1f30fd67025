import { adminDeadTasks, adminRetryDeadTask, type DeadTask } from '@drip/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../shared/api.ts';
import type { ListPage } from '../../shared/kit/index.ts';
import { useAdmin } from '../context.tsx';

export const deadTasksKey = ['admin', 'jobs', 'dead'] as const;

/** A page of dead tasks as the kit's lists read one, with the deaths this server instance counted per queue. */
export interface DeadTasksPage extends ListPage<DeadTask> {
  diedSinceStart: Record<string, number>;
}

/** GET /jobs/dead?queue&page&size: the tasks that failed for good, the latest death first (docs/jobs.md). */
export function useAdminDeadTasks(page: number, size: number, queue: string | undefined) {
  const { client } = useAdmin();
  return useQuery({
    queryKey: [...deadTasksKey, page, size, queue ?? ''],
    queryFn: async (): Promise<DeadTasksPage> => {
      const answer = unwrap(
        await client.call(adminDeadTasks, {
          query: { page: String(page), size: String(size), ...(queue ? { queue } : {}) },
        }),
      );
      // The endpoint answers a total and the rows; the kit's list pages by `number` and `totalPages`.
      return {
        content: answer.tasks,
        number: page,
        totalPages: Math.ceil(answer.total / size),
        totalElements: answer.total,
        diedSinceStart: answer.diedSinceStart,
      };
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /jobs/dead/{id}/retry: the task back in its queue; the list is read again whatever the answer. */
export function useRetryDeadTask() {
  const { client } = useAdmin();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await client.call(adminRetryDeadTask, { params: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deadTasksKey }),
  });
}
