import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getProjectSettings,
  getSystemSettings,
  listNotifications,
  updateProjectSettings,
  updateSystemSettings,
} from '@common/contract/settings';
import { SETTINGS_MESSAGES, type ProjectSettingsBody, type SystemSettingsBody } from '@common/schemas/settings';
import { SOCKET_EVENTS } from '@common/socket-events';
import { apiCall } from '@web/lib/api-call';
import { refreshAppName } from '@web/lib/app-name';
import { queryKeys } from '@web/lib/query-keys';
import { useLiveInvalidation } from '@web/lib/use-project-socket';

const systemKey = ['system-settings'] as const;
const projectKey = (projectId: number) => queryKeys.project(projectId).scope('settings');
const notificationsKey = (projectId: number) => queryKeys.project(projectId).scope('notifications');

export function useSystemSettings(enabled: boolean) {
  return useQuery({ queryKey: systemKey, queryFn: ({ signal }) => apiCall(getSystemSettings, {}, { signal }), enabled });
}

export function useProjectSettings(projectId: number) {
  return useQuery({ queryKey: projectKey(projectId), queryFn: ({ signal }) => apiCall(getProjectSettings, { params: { projectId } }, { signal }) });
}

/** 'Son bildirimler': the outbox, refreshed every 30 s and on settings changes. */
export function useNotifications(projectId: number) {
  return useQuery({
    queryKey: notificationsKey(projectId),
    queryFn: ({ signal }) => apiCall(listNotifications, { params: { projectId }, query: { limit: 20 } }, { signal }),
    refetchInterval: 30_000,
  });
}

/** Another screen saved: this one shows it (the form resets only when it has no unsaved edits). */
export function useSettingsLiveUpdates(projectId: number) {
  useLiveInvalidation([SOCKET_EVENTS.settingsChanged], [systemKey, projectKey(projectId)]);
}

export function useSaveSettings(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ system, project }: { system?: SystemSettingsBody; project: ProjectSettingsBody }) => {
      // System first: a refusal there leaves the project's settings untouched too.
      const savedSystem = system ? await apiCall(updateSystemSettings, { body: system }) : undefined;
      const savedProject = await apiCall(updateProjectSettings, { params: { projectId }, body: project });
      return { system: savedSystem, project: savedProject };
    },
    onSuccess: ({ system, project }) => {
      if (system) queryClient.setQueryData(systemKey, system);
      queryClient.setQueryData(projectKey(projectId), project);
      // The project list carries the time zone every date is shown in.
      void queryClient.invalidateQueries({ queryKey: queryKeys.allProjects });
      void refreshAppName();
    },
    meta: { success: SETTINGS_MESSAGES.saved, error: { title: SETTINGS_MESSAGES.saveFailed } },
  });
}
