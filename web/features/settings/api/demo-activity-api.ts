import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDemoActivity, setDemoActivity } from '@common/contract/demo';
import { DEMO_ACTIVITY_MESSAGES, type DemoActivity } from '@common/schemas/demo';
import { apiCall } from '@web/lib/api-call';

const demoActivityKey = ['demo-activity'] as const;

/**
 * 'Demo etkinliği' as the server has it. Outside demo mode the server answers 404 and the switch
 * is not shown: asked once, not retried.
 */
export function useDemoActivity(enabled: boolean) {
  return useQuery({ queryKey: demoActivityKey, queryFn: ({ signal }) => apiCall(getDemoActivity, {}, { signal }), enabled, retry: false });
}

export function useSetDemoActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => apiCall(setDemoActivity, { body: { enabled } }),
    onSuccess: (state) => queryClient.setQueryData(demoActivityKey, state),
    meta: {
      success: (state: DemoActivity) => ({ title: state.enabled ? DEMO_ACTIVITY_MESSAGES.started : DEMO_ACTIVITY_MESSAGES.stopped }),
      error: { title: DEMO_ACTIVITY_MESSAGES.failed },
    },
  });
}
