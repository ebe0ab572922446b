import { ROLES } from '@common/enums';
import * as projects from '@common/contract/projects';
import { accessRule, type AccessRule } from '../../test/access-rules';

/** Projects are addressed by :id, a project id checked for membership in the handler. */
export const accessRules: AccessRule[] = [
  accessRule(projects.listProjects, ROLES),
  accessRule(projects.getProject, ROLES, { projectParam: 'id' }),
  accessRule(projects.createProject, ['super_admin']),
  accessRule(projects.updateProject, ['super_admin'], { projectParam: 'id' }),
  accessRule(projects.toggleProject, ['super_admin'], { projectParam: 'id' }),
  accessRule(projects.deleteProject, ['super_admin'], { projectParam: 'id' }),
];
