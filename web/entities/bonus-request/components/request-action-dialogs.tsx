import type { RequestActions } from '../model/use-request-actions';
import { CompleteDialog } from './complete-dialog';
import { RequeueDialog } from './requeue-dialog';

/** The confirmation and reason dialogs behind a screen's 'Tamamla' and 'Tekrar Sıraya Al'. */
export function RequestActionDialogs({ actions }: { actions: RequestActions }) {
  return (
    <>
      <CompleteDialog request={actions.completing} threshold={actions.completeConfirmAmount} busy={actions.busy} onConfirm={actions.confirmComplete} onClose={actions.cancelDialogs} />
      <RequeueDialog request={actions.requeueing} busy={actions.busy} onConfirm={actions.confirmRequeue} onClose={actions.cancelDialogs} />
    </>
  );
}
