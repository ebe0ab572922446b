import { useState } from 'react';
import { UserPlus, Users } from 'lucide-react';
import { TABLE } from '@common/constants';
import type { User } from '@common/schemas/users';
import { PageActions } from '@web/components/layout/page-actions';
import { Button, Card, CardBody, EmptyState, ErrorState, LoadingState, Pagination, useConfirm } from '@web/components/ui';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { RequireProject } from '@web/components/layout/require-project';
import { useProjectAction } from '@web/stores/abilities';
import { useSessionStore } from '@web/stores/session-store';
import { useUserAccountActions } from '@web/entities/user/user-account-actions';
import { useCreateUser, useResetPassword, useResetUserTotp, useUpdateUser, useUsers } from '../api/users-api';
import { OneTimePasswordDialog } from '../components/one-time-password-dialog';
import { ResetTotpDialog } from '../components/reset-totp-dialog';
import { EMPTY_USER_FILTERS, UserFilters, type UserFilterValues } from '../components/user-filters';
import { UserFormDialog, type UserFormOutput } from '../components/user-form-dialog';
import { UserTable } from '@web/entities/user/user-table';

/** Kullanıcı Yönetimi (/users, spec §2.6): the active project's users. */
export function UsersPage() {
  return <RequireProject description="Kullanıcıları görmek için bir proje seçin.">{(projectId) => <UsersScreen projectId={projectId} />}</RequireProject>;
}

type Editing = { mode: 'create' } | { mode: 'edit'; user: User } | null;

function UsersScreen({ projectId }: { projectId: number }) {
  const actor = useSessionStore((s) => s.user)!;
  const projects = useSessionStore((s) => s.projects);
  const confirm = useConfirm();
  const [filters, setFilters] = useState<UserFilterValues>(EMPTY_USER_FILTERS);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const [oneTime, setOneTime] = useState<{ username: string; password: string } | null>(null);
  const search = useDebouncedValue(filters.search.trim());
  const list = useUsers(projectId, {
    search: search || undefined,
    role: filters.role || undefined,
    status: filters.status,
    page,
    limit: TABLE.genericDefaultPageSize,
  });
  const create = useCreateUser(projectId);
  const update = useUpdateUser(projectId);
  const reset = useResetPassword();
  const resetTotp = useResetUserTotp(projectId);
  const [totpTarget, setTotpTarget] = useState<User | null>(null);
  const { busyId, onToggle, onDelete } = useUserAccountActions(projectId);
  const mayManage = useProjectAction(projectId, 'manageUsers');

  const changeFilters = (next: UserFilterValues) => {
    setFilters(next);
    setPage(1);
  };

  // The mutations toast; a failed save throws on, so the form shows the server's message.
  const save = async (values: UserFormOutput) => {
    if (editing?.mode === 'edit') {
      await update.mutateAsync({ id: editing.user.id, body: values });
    } else {
      const result = await create.mutateAsync(values);
      if (result.oneTimePassword) setOneTime({ username: result.user.username, password: result.oneTimePassword });
    }
    setEditing(null);
  };

  const onResetPassword = async (user: User) => {
    const ok = await confirm({
      title: 'Şifre sıfırlansın mı?',
      message: `${user.username} için tek kullanımlık yeni bir şifre üretilecek ve açık oturumları kapanacak.`,
      confirmLabel: 'Şifreyi Sıfırla',
    });
    if (ok) reset.mutate(user.id, { onSuccess: ({ oneTimePassword }) => setOneTime({ username: user.username, password: oneTimePassword }) });
  };

  const onResetTotp = async (user: User, reason: string) => {
    await resetTotp.mutateAsync({ userId: user.id, reason });
    setTotpTarget(null);
  };

  const data = list.data;
  return (
    <div className="flex flex-col gap-4">
      {mayManage && (
        <PageActions>
          <Button icon={UserPlus} onClick={() => setEditing({ mode: 'create' })}>
            Yeni Kullanıcı
          </Button>
        </PageActions>
      )}
      <Card>
        <CardBody>
          <UserFilters value={filters} onChange={changeFilters} />
        </CardBody>
      </Card>
      {list.isError && data && <ErrorState variant="banner" query={list} />}
      <Card>
        {list.isPending ? (
          <LoadingState text="Kullanıcılar yükleniyor..." />
        ) : !data ? (
          <ErrorState query={list} />
        ) : data.items.length > 0 ? (
          <>
            <UserTable label="Kullanıcılar" identity="columns" editLabel="düzenle" users={data.items} busyId={busyId} onEdit={(user) => setEditing({ mode: 'edit', user })} onToggle={onToggle} onResetPassword={onResetPassword} onResetTotp={setTotpTarget} onDelete={onDelete} />
            <Pagination className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800" page={data.page} totalPages={data.totalPages} onPageChange={setPage} summary={`${data.total} kullanıcı`} />
          </>
        ) : (
          <EmptyState icon={Users} title="Kullanıcı bulunamadı" />
        )}
      </Card>
      <UserFormDialog
        open={editing !== null}
        user={editing?.mode === 'edit' ? editing.user : null}
        actor={actor}
        projects={projects}
        defaultProjectId={projectId}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <ResetTotpDialog user={totpTarget} onClose={() => setTotpTarget(null)} onConfirm={onResetTotp} />
      <OneTimePasswordDialog password={oneTime?.password ?? null} username={oneTime?.username ?? ''} onClose={() => setOneTime(null)} />
    </div>
  );
}
