import { ABILITY_NAMES, scopeOf } from '../../contract/access';
import { accessMatrixSchema } from '../../contract/access-api';
import { ENUM_LABELS } from '../../contract/labels';
import { ROLES } from '../../contract/roles';
import { defineRoute } from '../http/route';

export const accessRoutes = [
  defineRoute({
    method: 'GET',
    url: '/access',
    summary: 'Who may do what: every ability with its label and the scope each role holds it in',
    tags: ['access'],
    access: 'access.read',
    response: accessMatrixSchema,
    handler: async ({ lang }) => {
      const list = ABILITY_NAMES.map((ability) => ({
        ability,
        label: ENUM_LABELS[lang][`enum.ability.${ability}`],
        grants: Object.fromEntries(ROLES.map((role) => [role, scopeOf(ability, role)])),
      }));
      return { roles: [...ROLES], list, total: list.length };
    },
  }),
];
