/**
 * Query keys. Everything that belongs to a project starts with ['project', id], so
 * switching project never shows another project's cache, and one project's data can be
 * invalidated as a whole. Features add their own keys under `project(id)`:
 *
 *   queryKeys.project(projectId).scope('requests', { page, status })
 *   → ['project', 3, 'requests', { page: 1, status: 'new' }]
 */
export const queryKeys = {
  health: ['health'] as const,
  me: ['auth', 'me'] as const,
  projects: (filters: { search?: string; status?: string } = {}) => ['projects', filters] as const,
  allProjects: ['projects'] as const,
  project: (projectId: number) => ({
    all: ['project', projectId] as const,
    scope: <P extends object | undefined>(name: string, params?: P) =>
      (params === undefined ? ['project', projectId, name] : ['project', projectId, name, params]) as readonly unknown[],
  }),
};
