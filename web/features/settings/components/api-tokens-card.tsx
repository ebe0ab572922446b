import { useState } from 'react';
import { KeyRound, Plus } from 'lucide-react';
import { API_TOKEN_ABILITY_LABELS, API_TOKEN_MESSAGES, type ApiToken } from '@common/schemas/api-tokens';
import {
  Badge,
  Button,
  Card,
  CardHeader,
  EmptyState,
  SecretOnceDialog,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  useConfirm,
} from '@web/components/ui';
import { QueryStates } from '@web/components/query-states';
import { formatDateTimeWithYear } from '@web/lib/format';
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from '../api/api-tokens-api';
import { CreateApiTokenDialog } from './create-api-token-dialog';

function stateOf(token: ApiToken, now: number): { label: string; tone: 'success' | 'default' | 'danger' } {
  if (token.revokedAt) return { label: 'İptal edildi', tone: 'danger' };
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return { label: 'Süresi doldu', tone: 'default' };
  return { label: 'Etkin', tone: 'success' };
}

/**
 * 'API anahtarları' of the project: machines (the project's own platform, a report job) call the
 * API with them. A new token is shown once; the list never has it. Revoking takes effect at once.
 */
export function ApiTokensCard({ projectId }: { projectId: number }) {
  const tokens = useApiTokens(projectId);
  const create = useCreateApiToken(projectId);
  const revoke = useRevokeApiToken(projectId);
  const confirm = useConfirm();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const now = Date.now();

  const ask = async (token: ApiToken) => {
    const sure = await confirm({
      title: 'API anahtarı iptal edilsin mi?',
      message: `'${token.name}' ile gelen çağrılar hemen reddedilir. Bu işlem geri alınamaz.`,
      confirmLabel: 'İptal Et',
      cancelLabel: 'Vazgeç',
    });
    if (sure) revoke.mutate(token.id);
  };

  return (
    <Card>
      <CardHeader
        title="API anahtarları"
        description="Projenin kendi sistemi gibi makineler API'yi bu anahtarlarla, yalnızca bu projede ve verilen yetkilerle çağırır."
        actions={
          <Button icon={Plus} size="sm" onClick={() => setCreating(true)}>
            Yeni Anahtar
          </Button>
        }
      />
      <QueryStates
        query={tokens}
        className="py-8"
        loadingText="API anahtarları yükleniyor…"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState icon={KeyRound} title="Henüz API anahtarı yok" description="Bir makinenin API'yi çağırması için 'Yeni Anahtar' ile oluşturun." />}
      >
        {(items) => (
          <Table label="API anahtarları">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Ad</TableHeaderCell>
                <TableHeaderCell>Yetkiler</TableHeaderCell>
                <TableHeaderCell>Oluşturan</TableHeaderCell>
                <TableHeaderCell>Son kullanım</TableHeaderCell>
                <TableHeaderCell>Son geçerlilik</TableHeaderCell>
                <TableHeaderCell>Durum</TableHeaderCell>
                <TableHeaderCell>
                  <span className="sr-only">İşlemler</span>
                </TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((token) => {
                const state = stateOf(token, now);
                return (
                  <TableRow key={token.id} data-testid="api-token-row">
                    <TableCell>
                      <span className="font-medium text-zinc-900 dark:text-zinc-50">{token.name}</span>
                      <code className="block text-xs text-zinc-500 dark:text-zinc-400">{token.hint}</code>
                    </TableCell>
                    <TableCell>
                      <ul className="flex flex-col gap-0.5 text-xs">
                        {token.abilities.map((ability) => (
                          <li key={ability}>{API_TOKEN_ABILITY_LABELS[ability]}</li>
                        ))}
                      </ul>
                    </TableCell>
                    <TableCell>{token.createdByName ?? '-'}</TableCell>
                    <TableCell>{token.lastUsedAt ? formatDateTimeWithYear(token.lastUsedAt) : 'Hiç kullanılmadı'}</TableCell>
                    <TableCell>{token.expiresAt ? formatDateTimeWithYear(token.expiresAt) : 'Süresiz'}</TableCell>
                    <TableCell>
                      <Badge tone={state.tone}>{state.label}</Badge>
                    </TableCell>
                    <TableCell className="text-right">
                      {!token.revokedAt && (
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${token.name} anahtarını iptal et`}
                          loading={revoke.isPending && revoke.variables === token.id}
                          disabled={revoke.isPending}
                          onClick={() => void ask(token)}
                        >
                          İptal Et
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </QueryStates>
      <CreateApiTokenDialog
        open={creating}
        onClose={() => setCreating(false)}
        onSubmit={async (body) => {
          const created = await create.mutateAsync(body);
          setCreating(false);
          setShown(created.token);
        }}
      />
      <SecretOnceDialog secret={shown} onClose={() => setShown(null)} title="API anahtarınız" description={API_TOKEN_MESSAGES.shownOnce} testId="api-token-secret" />
    </Card>
  );
}
