import type { RequestActions } from '../model/use-request-actions';
import { CompleteDialog } from './complete-dialog';
import { ApproveDialog } from './approve-dialog';
import { RejectDialog } from './reject-dialog';
import { RequeueDialog } from './requeue-dialog';

/** The confirmation and reason dialogs behind a screen's 'Tamamla', 'Tekrar Sıraya Al', 'Onayla' and 'Reddet'. */
export function RequestActionDialogs({ actions }: { actions: RequestActions }) {
  return (
    <>
      <CompleteDialog request={actions.completing} threshold={actions.completeConfirmAmount} approvalThreshold={actions.approvalThreshold} busy={actions.busy} onConfirm={actions.confirmComplete} onClose={actions.cancelDialogs} />
      <RequeueDialog request={actions.requeueing} busy={actions.busy} onConfirm={actions.confirmRequeue} onClose={actions.cancelDialogs} />
      <ApproveDialog request={actions.approving} busy={actions.busy} onConfirm={actions.confirmApprove} onClose={actions.cancelDialogs} />
      <RejectDialog request={actions.rejecting} busy={actions.busy} onConfirm={actions.confirmReject} onClose={actions.cancelDialogs} />
    </>
  );
}
