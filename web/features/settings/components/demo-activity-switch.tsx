import { useState } from 'react';
import { DEMO_ACTIVITY_MESSAGES } from '@common/schemas/demo';
import { Card, CardHeader, Checkbox } from '@web/components/ui';
import { useDemoActivity, useSetDemoActivity } from '../api/demo-activity-api';

/**
 * 'Demo etkinliği' for a super admin: shown only when the server has it (demo mode), with its
 * state from the server; elsewhere (404, or not a super admin) nothing is rendered.
 */
export function DemoActivitySwitch({ allowed }: { allowed: boolean }) {
  const state = useDemoActivity(allowed);
  const change = useSetDemoActivity();
  // What was just asked for, shown at once (a controlled box would otherwise flip back until the
  // mutation's state arrives); the server's answer replaces it, and a refusal brings its state back.
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!allowed || !state.data) return null;
  const enabled = asked ?? state.data.enabled;
  return (
    <Card>
      <CardHeader title={DEMO_ACTIVITY_MESSAGES.title} />
      <div className="px-5 py-4">
        <Checkbox
          role="switch"
          label={DEMO_ACTIVITY_MESSAGES.label}
          hint={DEMO_ACTIVITY_MESSAGES.explanation}
          checked={enabled}
          disabled={change.isPending}
          onChange={(e) => {
            const next = e.currentTarget.checked;
            setAsked(next);
            change.mutate(next, { onSettled: () => setAsked(null) });
          }}
        />
      </div>
    </Card>
  );
}
