import { describe, expect, it } from 'vitest';
import { agentAbilities } from './agent-policy';
import { abilitiesShape, requestGuard } from './request-policy';
import { userAbilities } from './user-policy';

const admin = { id: 1, role: 'admin' as const };

describe('user policy', () => {
  it('an admin manages a lower user of their projects, edits only themselves, and nobody higher', () => {
    expect(userAbilities(admin, { id: 2, role: 'operator', outsideActorProjects: false })).toEqual({
      edit: true,
      changeRole: true,
      toggle: true,
      resetPassword: true,
      delete: true,
      resetTotp: true,
    });
    expect(userAbilities(admin, { id: 1, role: 'admin', outsideActorProjects: false })).toMatchObject({ edit: true, delete: false, changeRole: false });
    expect(userAbilities(admin, { id: 3, role: 'admin', outsideActorProjects: false }), 'an equal: no 2FA reset').toMatchObject({ edit: true, resetTotp: false });
    expect(Object.values(userAbilities(admin, { id: 4, role: 'super_admin', outsideActorProjects: false }))).not.toContain(true);
    expect(Object.values(userAbilities(admin, { id: 5, role: 'agent', outsideActorProjects: true }))).not.toContain(true);
    expect(Object.values(userAbilities({ id: 6, role: 'manager' }, { id: 5, role: 'agent', outsideActorProjects: false }))).not.toContain(true);
  });
});

describe('agent policy', () => {
  it('toggling needs agent:manage, forcing agent:force; never oneself or a higher role', () => {
    expect(agentAbilities({ id: 9, role: 'manager' }, { id: 5, role: 'agent' })).toEqual({ toggle: false, force: true });
    expect(agentAbilities(admin, { id: 5, role: 'operator' })).toEqual({ toggle: true, force: true });
    expect(agentAbilities({ id: 5, role: 'operator' }, { id: 5, role: 'operator' })).toEqual({ toggle: false, force: false });
    expect(agentAbilities({ id: 9, role: 'manager' }, { id: 1, role: 'admin' })).toEqual({ toggle: false, force: false });
  });
});

describe('request policy', () => {
  it('leaves a move unguarded only where the role may act on any request; roles written alike share the SQL', () => {
    expect(requestGuard('complete', { id: 7, role: 'manager' })).toBeUndefined();
    expect(requestGuard('requeue', { id: 6, role: 'operator' })).toBeUndefined();
    expect(requestGuard('complete', { id: 6, role: 'operator' }), 'only their own').toBeDefined();
    expect(requestGuard('requeue', { id: 5, role: 'agent' }), 'only their own').toBeDefined();
    expect(requestGuard('assign', { id: 9, role: 'super_admin' }), 'reservations hold for everyone').toBeDefined();
    // The fourth is approve: never one's own approval, so it depends on the row for those who may approve at all.
    expect(abilitiesShape('agent')).toBe('row,row,row,false');
    expect(abilitiesShape('operator')).toBe('row,row,true,false');
    expect(new Set((['manager', 'admin', 'super_admin'] as const).map(abilitiesShape))).toEqual(new Set(['row,true,true,row']));
  });
});
