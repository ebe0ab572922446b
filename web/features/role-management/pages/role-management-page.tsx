import { useState } from 'react';
import { Search, ShieldCheck } from 'lucide-react';
import { TABLE } from '@common/constants';
import { ROLE_LABELS, ROLES, type Role } from '@common/enums';
import type { User } from '@common/schemas/users';
import { Card, CardBody, CardHeader, EmptyState, ErrorState, Input, LoadingState, Pagination, Select } from '@web/components/ui';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { RequireProject } from '@web/components/layout/require-project';
import { useSessionStore } from '@web/stores/session-store';
import { useUserAccountActions } from '@web/entities/user/user-account-actions';
import { useChangeRole, useRoleUsers } from '../api/role-users-api';
import { RoleEditDialog, type RoleFormOutput } from '../components/role-edit-dialog';
import { UserTable } from '@web/entities/user/user-table';

/** Rol Yönetimi (/role-management, spec §2.16). */
export function RoleManagementPage() {
  return <RequireProject>{(projectId) => <RoleManagementScreen projectId={projectId} />}</RequireProject>;
}

function RoleManagementScreen({ projectId }: { projectId: number }) {
  const actor = useSessionStore((s) => s.user)!;
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<User | null>(null);
  const settledSearch = useDebouncedValue(search.trim());
  const list = useRoleUsers(projectId, { search: settledSearch || undefined, role: role || undefined, page, limit: TABLE.genericDefaultPageSize });
  const changeRole = useChangeRole(projectId);
  const { busyId, onToggle, onDelete } = useUserAccountActions(projectId);

  const save = async (values: RoleFormOutput) => {
    if (!editing) return;
    // The mutation toasts; a failure throws on, so the form shows the server's message.
    await changeRole.mutateAsync({ id: editing.id, body: values });
    setEditing(null);
  };

  const data = list.data;
  return (
    <Card>
      <CardHeader title={`Kullanıcılar (${data?.total ?? 0})`} description="Rolleri ve hesap durumlarını yönetin." />
      <CardBody className="grid gap-3 border-b border-zinc-200 sm:grid-cols-[1fr_14rem] dark:border-zinc-800">
        <div className="relative">
          <Input label="Ara" type="search" placeholder="Kullanıcı adı veya ad soyad" value={search} className="pl-9" onChange={(e) => (setSearch(e.target.value), setPage(1))} />
          <Search aria-hidden="true" className="pointer-events-none absolute bottom-3 left-3 size-4 text-zinc-400" />
        </div>
        <Select
          label="Rol"
          value={role}
          onChange={(e) => (setRole(e.target.value as Role | ''), setPage(1))}
          options={[{ value: '', label: 'Tümü' }, ...ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }))]}
        />
      </CardBody>
      {list.isError && data && <ErrorState variant="banner" query={list} className="mx-4 mb-3" />}
      {list.isPending ? (
        <LoadingState text="Kullanıcılar yükleniyor..." />
      ) : !data ? (
        <ErrorState query={list} />
      ) : data.items.length > 0 ? (
        <>
          <UserTable label="Kullanıcı rolleri" identity="avatar" editLabel="rolünü düzenle" users={data.items} busyId={busyId} onEdit={setEditing} onToggle={onToggle} onDelete={onDelete} />
          <Pagination className="border-t border-zinc-200 px-4 py-3 dark:border-zinc-800" page={data.page} totalPages={data.totalPages} onPageChange={setPage} />
        </>
      ) : (
        <EmptyState icon={ShieldCheck} title="Kullanıcı bulunamadı" />
      )}
      <RoleEditDialog user={editing} actor={actor} onClose={() => setEditing(null)} onSubmit={save} />
    </Card>
  );
}
