/** The dead tasks' screen (docs/jobs.md): a file of its own, so that the profile's link does not fetch the page. */
export const DEAD_TASKS_PATH = '/admin/dead-tasks';
